import { createElement, type ComponentType } from 'react';
import { hydrateRoot } from 'react-dom/client';
import type { IslandName } from './islands';

/**
 * The browser's view of the islands: each name loads its own chunk, so a page
 * downloads only the islands it shows (the server already preloaded them).
 */
const loaders: Record<IslandName, () => Promise<Record<string, unknown>>> = {
  ContactForm: () => import('./islands/ContactForm'),
  SignatureGenerator: () => import('./islands/SignatureGenerator'),
  TranslationEstimator: () => import('./islands/TranslationEstimator'),
};

function hydrateIslands(root: ParentNode) {
  for (const el of root.querySelectorAll<HTMLElement>('[data-island]:not([data-hydrated])')) {
    const name = el.dataset.island as IslandName;
    const load = loaders[name];
    if (!load) {
      console.error(`Unknown island "${name}"`);
      continue;
    }
    el.dataset.hydrated = 'pending';
    load()
      .then((mod) => {
        const component = mod[name] as ComponentType<Record<string, unknown>>;
        const props = JSON.parse(el.dataset.props ?? '{}') as Record<string, unknown>;
        hydrateRoot(el, createElement(component, props), {
          identifierPrefix: el.dataset.prefix ?? '',
          onRecoverableError: (error) => console.error(`Island ${name} recovered from`, error),
        });
        el.dataset.hydrated = 'true';
      })
      .catch((error: unknown) => {
        el.dataset.hydrated = 'failed';
        console.error(`Island ${name} failed to load`, error);
      });
  }
}

// Module scripts run after parsing, but be explicit for pages streamed slowly.
if (document.readyState === 'loading') {
  document.addEventListener('DOMContentLoaded', () => hydrateIslands(document), { once: true });
} else {
  hydrateIslands(document);
}
