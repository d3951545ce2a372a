import { type ComponentType, createElement, type ReactNode, startTransition, useEffect } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { islandLoaders as loaders } from '#build/island-loaders.ts';
import type { IslandName } from '#build/islands.ts';
import type { IslandMarker } from './runtime/intents';

/** A form field: input, textarea or select (DOM types here are shared with the Worker's, hence the shape). */
type FormField = HTMLElement & { name: string; value: string; type: string };
/** Sets a field's value the way typing does, so React's change tracking sees it. */
const setValue = (field: FormField, value: string) =>
  Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field) as object, 'value')?.set?.call(field, value);

/** The value a field had in the server's HTML. */
function initialValue(field: FormField): string {
  if (field.tagName === 'SELECT') {
    const options = [...field.querySelectorAll('option')];
    return (options.find((o) => o.defaultSelected) ?? options[0])?.value ?? '';
  }
  return (field as HTMLInputElement).defaultValue;
}

/**
 * What a visitor typed, ticked or chose in an island's server HTML before React
 * took it over (a slow phone, a chunk still loading): hydration would put each
 * controlled field back to its initial state and lose it. Read just before
 * hydrating, by field name (and value, for boxes); `replay` gives it back
 * through the same events typing fires, so the island's state and its checks
 * see it as input.
 */
function typedBeforeHydration(island: HTMLElement) {
  const changed: { name: string; value: string; checked?: boolean }[] = [];
  for (const field of island.querySelectorAll<FormField>('input[name], textarea[name], select[name]')) {
    if (field.type === 'hidden') continue;
    if (field.type === 'checkbox' || field.type === 'radio') {
      const box = field as HTMLInputElement;
      if (box.checked !== box.defaultChecked) changed.push({ name: box.name, value: box.value, checked: box.checked });
    } else if (field.value !== initialValue(field)) {
      changed.push({ name: field.name, value: field.value });
    }
  }
  // React notices a change only against the value it last saw (its tracker, which sits on the field's own
  // `value`/`checked`): set that to the opposite first, then the visitor's input the way typing does.
  return function replay() {
    for (const { name, value, checked } of changed) {
      const fields = [...island.querySelectorAll<FormField>(`[name="${CSS.escape(name)}"]`)];
      if (checked === undefined) {
        const field = fields[0];
        if (!field) continue;
        field.value = '';
        setValue(field, value);
        field.dispatchEvent(new Event(field.tagName === 'SELECT' ? 'change' : 'input', { bubbles: true }));
      } else {
        const box = fields.find((f) => f.value === value) as HTMLInputElement | undefined;
        if (!box) continue;
        box.checked = !checked;
        box.click();
      }
    }
  };
}

/**
 * The taps and forms sent that client/runtime/intents.ts held while React did
 * not listen, done again now that the island answers them: a button is
 * clicked, a form sent by the button that sent it. An element a render has
 * replaced since is skipped: what it was is no longer known.
 */
function replayIntents(island: IslandMarker) {
  for (const { target, submitter } of island.intents?.splice(0) ?? []) {
    if (!target.isConnected) continue;
    if (!(target instanceof HTMLFormElement)) target.click();
    else if (submitter?.isConnected) submitter.click();
    else target.requestSubmit();
  }
}

/**
 * Gives back what was typed before hydration, marks the island hydrated
 * (effects run last), then does what the visitor tapped or sent meanwhile, on
 * the fields as typed.
 */
function Hydrated({ island, replay, children }: { island: HTMLElement; replay: () => void; children?: ReactNode }) {
  useEffect(() => {
    // After React's own work: an event dispatched inside an effect is handled late, once a
    // controlled field has already been put back, and an updater reading the field then reads nothing.
    queueMicrotask(() => {
      replay();
      island.dataset.hydrated = 'true';
      replayIntents(island);
    });
  }, [island, replay]);
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
      const component = mod.default as ComponentType<Record<string, unknown>>;
      const props = JSON.parse(el.dataset.props ?? '{}') as Record<string, unknown>;
      // As a transition, hydration yields to the browser every few milliseconds
      // (and to the visitor's input) instead of holding the main thread.
      // A wrapper without markup of its own: ids (useId) and the HTML match the server's.
      const replay = typedBeforeHydration(el);
      startTransition(() => {
        hydrateRoot(el, createElement(Hydrated, { island: el, replay }, createElement(component, props)), {
          identifierPrefix: el.dataset.prefix ?? '',
          onRecoverableError: (error) => console.error(`Island ${name} recovered from`, error),
        });
      });
      // React listens from here on, and replays itself what reaches the island until it has hydrated.
      el.dataset.hydrated = 'hydrating';
    })
    .catch((error: unknown) => {
      // The server's HTML stays, and works without JavaScript; boot.ts reloads once (10 s guard),
      // unless a form held before hydration is sent instead (client/runtime/intents.ts).
      el.dataset.hydrated = 'failed';
      console.warn(`Island ${name} failed to load`, error);
      dispatchEvent(new Event('chunkerror', { cancelable: true }));
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
