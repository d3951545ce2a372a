/**
 * What a visitor does in an island before React listens to it. React attaches
 * its listeners only when the island's chunk has arrived and client/entry.ts
 * calls hydrateRoot (from then on React replays what reaches it itself).
 * Before that, a tap on one of the island's buttons does nothing, and a form
 * posts as it would without JavaScript, with no anti-robot token, only to be
 * refused. This script holds each such tap, and each form sent (its own post
 * cancelled), on the island's marker; client/entry.ts does them again once the
 * island has hydrated (docs/decisions/0015).
 *
 * An inline classic script, written just before the page's first island
 * (client/components/Island.tsx), so it runs before any island can be
 * touched, and on island pages only; allowed by its CSP hash
 * (scripts/build.mjs).
 */

/** One act held for an island. */
interface Intent {
  /** The button tapped, or the form sent. */
  target: HTMLElement;
  /** The button that sent the form (none for Enter in a form without one). */
  submitter?: HTMLElement | null;
}

/** An island's marker (`data-island`) and what was done in it before it hydrated, oldest first. */
export type IslandMarker = HTMLElement & { intents?: Intent[] };

/** Once a script of the page has failed, the page is its plain HTML: nothing is held any more. */
let off = false;

/**
 * The island around `node`, its held acts, and its stage (`data-hydrated`,
 * set by client/entry.ts): none yet, or `pending` while its chunk loads, and
 * React does not listen (`unheard`); `hydrating` once it does; `true` (the
 * island answers) or `failed` (its plain HTML does).
 */
function islandOf(node: Element | null | undefined) {
  const island = node?.closest<IslandMarker>('[data-island]');
  if (!island) return null;
  island.intents ??= [];
  const stage = island.dataset.hydrated;
  return { intents: island.intents, stage, unheard: !off && (!stage || stage === 'pending') };
}

/** The form held for this island, if any, by its index. */
const heldForm = (intents: Intent[], form: HTMLFormElement | null) => intents.findIndex((intent) => intent.target === form);

addEventListener(
  'click',
  (event) => {
    const button = (event.target as Element).closest?.('button');
    const island = islandOf(button);
    if (!button || !island) return;
    // A submit button sends its form: the submit itself is held below. Once React listens, it
    // sends this one (the click makes it hydrate at once): a form held before must not go as well.
    if (button.type === 'submit' && button.form) {
      const held = heldForm(island.intents, button.form);
      if (island.stage === 'hydrating' && held >= 0) island.intents.splice(held, 1);
    } else if (island.unheard) island.intents.push({ target: button });
  },
  true,
);

addEventListener(
  'submit',
  (event) => {
    const form = event.target as HTMLFormElement;
    const island = islandOf(form);
    if (!island) return;
    const held = heldForm(island.intents, form);
    if (island.stage === 'hydrating' && held >= 0) island.intents.splice(held, 1);
    if (!island.unheard) return;
    event.preventDefault();
    // Sent again before the island could answer: still one submission.
    if (held < 0) island.intents.push({ target: form, submitter: (event as SubmitEvent).submitter });
  },
  true,
);

/**
 * A script that fails to load (boot.ts and client/entry.ts report
 * `chunkerror`) leaves the page as its plain HTML. A form held here is then
 * sent as it would be without JavaScript, and the reload boot.ts would do is
 * called off (its answer replaces the page anyway).
 */
addEventListener('chunkerror', (event) => {
  off = true;
  for (const island of document.querySelectorAll<IslandMarker>('[data-island]')) {
    for (const { target, submitter } of island.intents?.splice(0) ?? []) {
      if (event.defaultPrevented || !(target instanceof HTMLFormElement) || !target.isConnected) continue;
      target.requestSubmit(submitter?.isConnected ? submitter : null);
      event.preventDefault();
    }
  }
});
