/**
 * The only inline script of every page, allowed by its hash in the CSP
 * (scripts/build.mjs puts the hash in the manifest; worker/middleware/security.ts
 * sends it). Pages name what they run in attributes: `data-module` the modules
 * to start (the body names the runtime, each island the islands' entry) and
 * `data-preload` the chunks those will import (each island's), fetched at
 * once rather than one import after another. Scripts this creates are trusted
 * through 'strict-dynamic', so cached HTML needs no per-request nonce.
 *
 * Inline module scripts run once the document is parsed: every island is in
 * the DOM by then.
 */
const named = (attribute: string) =>
  new Set([...document.querySelectorAll(`[${attribute}]`)].flatMap((el) => el.getAttribute(attribute)!.split(' ')));

/**
 * Runs `task` once the page has painted its first text or image (the
 * `first-contentful-paint` entry), or after 3 s, or at `load` where the browser
 * does not report paints. Until then only the HTML and the stylesheet download:
 * on a slow phone every byte fetched before that paint delays it.
 */
function afterFirstPaint(task: () => void) {
  let done = false;
  const run = () => {
    if (done) return;
    done = true;
    setTimeout(task);
  };
  setTimeout(run, 3000);
  try {
    if (performance.getEntriesByName('first-contentful-paint').length > 0) return run();
    const observer = new PerformanceObserver((list) => {
      if (list.getEntriesByName('first-contentful-paint').length === 0) return;
      observer.disconnect();
      run();
    });
    observer.observe({ type: 'paint', buffered: true });
  } catch {
    addEventListener('load', run, { once: true });
  }
}

/**
 * A module that fails to load (a deploy removed it, the network dropped it)
 * reloads the page once: the new HTML names the new files. A mark in
 * sessionStorage with the time allows no second reload within 10 s, so a
 * file that stays missing cannot loop; after that the page stays as the
 * server sent it, which works without JavaScript. Failures come as a
 * `chunkerror` event (the modules started here, client/entry.ts for island
 * chunks); one that cancels it sends a form instead (client/runtime/intents.ts).
 */
const RELOAD_MARK = 'chunk-reload-at';
const RELOAD_GUARD_MS = 10_000;
function reloadOnce() {
  try {
    const last = Number(sessionStorage.getItem(RELOAD_MARK));
    if (Date.now() - last < RELOAD_GUARD_MS) return;
    sessionStorage.setItem(RELOAD_MARK, String(Date.now()));
  } catch {
    return; // without the mark, a reload could loop
  }
  location.reload();
}
addEventListener('chunkerror', (event) => event.defaultPrevented || reloadOnce());
const failed = () => dispatchEvent(new Event('chunkerror', { cancelable: true }));

/** The islands' modules and chunks, and the runtime. Islands hydrate later anyway, near the viewport. */
function startModules() {
  // At most 4 preloads at once, so they never crowd out the page's own requests: each one done starts the next.
  const queue = [...named('data-preload')];
  const preload = () => {
    const href = queue.shift();
    if (!href) return;
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.href = href;
    link.onload = link.onerror = preload;
    document.head.appendChild(link);
  };
  for (let i = 0; i < 4; i++) preload();
  for (const src of named('data-module')) {
    const script = document.createElement('script');
    script.type = 'module';
    script.src = src;
    script.onerror = failed;
    document.head.appendChild(script);
  }
}

/**
 * Reveal on scroll: a section shows when it comes within 120 px of the
 * viewport, fading in over 400 ms (the transition is in layout.css).
 * Runs here, as the document is parsed and before the sections below the fold
 * are painted, and only hides those: nothing on screen ever blinks. An
 * IntersectionObserver fires once per section, so there is no scroll handler
 * to throttle and no resize handler to debounce. Skipped with
 * reduced motion, for crawlers, and where IntersectionObserver is missing.
 */
const REVEAL_OFFSET_PX = 120;
if (
  matchMedia('screen and (prefers-reduced-motion: no-preference)').matches &&
  'IntersectionObserver' in window &&
  !/bot|crawl|spider|preview/i.test(navigator.userAgent)
) {
  const observer = new IntersectionObserver(
    (entries) => {
      for (const { isIntersecting, target } of entries) {
        if (!isIntersecting) continue;
        target.classList.remove('reveal-pending');
        observer.unobserve(target);
      }
    },
    { rootMargin: `0px 0px -${REVEAL_OFFSET_PX}px 0px` },
  );
  for (const section of document.querySelectorAll('[data-reveal]')) {
    if (section.getBoundingClientRect().top < innerHeight) continue;
    section.classList.add('reveal-pending');
    observer.observe(section);
  }
}

/**
 * The web font (client/styles/tokens.css): on the first page of a visit it is
 * fetched after the first paint, then swapped in (the fallback has its
 * metrics, so text barely moves); later pages use it at once, from the cache.
 * The mark lives in sessionStorage, for this tab only.
 */
const FONT_MARK = 'webfont';
const applyFont = () => document.documentElement.classList.add('webfont');
function loadFont() {
  document.fonts.load('1em "Inter Variable"').then(() => {
    applyFont();
    try {
      sessionStorage.setItem(FONT_MARK, '1');
    } catch {
      // storage refused: the next page fetches it after its first paint too
    }
  }, applyFont);
}

let fontKnown = false;
try {
  fontKnown = sessionStorage.getItem(FONT_MARK) !== null;
} catch {
  // storage refused
}
if (fontKnown) applyFont();
afterFirstPaint(() => {
  startModules();
  if (!fontKnown) loadFont();
});
