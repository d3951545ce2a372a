import { createElement, startTransition, useEffect, type ComponentType, type ReactNode } from 'react';
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

/** Marks the island hydrated once React has attached to all of it (effects run last). */
function Hydrated({ island, children }: { island: HTMLElement; children?: ReactNode }) {
  useEffect(() => {
    island.dataset.hydrated = 'true';
  }, [island]);
  return children;
}

/** Hydrates one island: loads its chunk, then attaches React to the server's HTML. */
function hydrate(el: HTMLElement) {
  if (el.dataset.hydrated) return;
  const name = el.dataset.island as IslandName;
  const load = loaders[name];
  if (!load) {
    console.error(`Unknown island "${name}"`);
    return;
  }
  el.dataset.hydrated = 'pending';
  load()
    .then((mod) => {
      const component = mod[name] as ComponentType<Record<string, unknown>>;
      const props = JSON.parse(el.dataset.props ?? '{}') as Record<string, unknown>;
      // As a transition, hydration yields to the browser every few milliseconds
      // (and to the visitor's input) instead of holding the main thread.
      // A wrapper without markup of its own: ids (useId) and the HTML match the server's.
      startTransition(() => {
        hydrateRoot(el, createElement(Hydrated, { island: el }, createElement(component, props)), {
          identifierPrefix: el.dataset.prefix ?? '',
          onRecoverableError: (error) => console.error(`Island ${name} recovered from`, error),
        });
      });
    })
    .catch((error: unknown) => {
      // The server's HTML stays, and works without JavaScript; boot.ts reloads once (10 s guard).
      el.dataset.hydrated = 'failed';
      console.warn(`Island ${name} failed to load`, error);
      dispatchEvent(new Event('chunkerror'));
    });
}

/**
 * Islands hydrate when they come near the viewport (or at the visitor's first
 * touch or focus inside them, whichever is first): one far down the page costs
 * nothing until it is needed, and its server HTML works meanwhile.
 */
function hydrateIslands(root: ParentNode) {
  const islands = [...root.querySelectorAll<HTMLElement>('[data-island]:not([data-hydrated])')];
  if (!('IntersectionObserver' in window)) {
    islands.forEach(hydrate);
    return;
  }
  // An island's marker has no box of its own (`display: contents`): watch its children.
  const watched = new Map<Element, HTMLElement>();
  const stop = (el: HTMLElement) => {
    for (const [target, owner] of watched) if (owner === el) observer.unobserve(target);
  };
  const observer = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        const el = watched.get(entry.target);
        if (!entry.isIntersecting || !el) continue;
        stop(el);
        hydrate(el);
      }
    },
    { rootMargin: '400px 0px' },
  );
  for (const el of islands) {
    for (const target of el.children.length > 0 ? el.children : [el]) {
      watched.set(target, el);
      observer.observe(target);
    }
    const now = () => {
      stop(el);
      hydrate(el);
    };
    el.addEventListener('focusin', now, { once: true });
    el.addEventListener('pointerdown', now, { once: true });
  }
}

// Module scripts run after parsing, but be explicit for pages streamed slowly.
if (document.readyState === 'loading') {
  document.addEventListener('DOMContentLoaded', () => hydrateIslands(document), { once: true });
} else {
  hydrateIslands(document);
}
