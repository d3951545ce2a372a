/**
 * The only inline script of every page, allowed by its hash in the CSP
 * (scripts/build.mjs puts the hash in the manifest; worker/middleware/security.ts
 * sends it). Pages name what they run in attributes: `data-module` the modules
 * to start (the body names the menus, each island the islands' entry) and
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
 * Modules start after the first paint (the frame requested here is painted
 * before the timeout runs): their downloads never compete with the
 * stylesheet and the text. Islands hydrate later anyway, near the viewport.
 */
function start() {
  for (const href of named('data-preload')) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.href = href;
    document.head.appendChild(link);
  }
  for (const src of named('data-module')) {
    const script = document.createElement('script');
    script.type = 'module';
    script.src = src;
    document.head.appendChild(script);
  }
}
requestAnimationFrame(() => setTimeout(start));

/**
 * The web font waits for the page (client/styles/tokens.css): on the first
 * page of a visit it is fetched after `load`, then swapped in (the fallback has
 * its metrics, so text barely moves); later pages use it at once, from the
 * cache. The mark lives in sessionStorage, for this tab only.
 */
const FONT_MARK = 'webfont';
const useFont = () => document.documentElement.classList.add('webfont');
try {
  if (sessionStorage.getItem(FONT_MARK)) useFont();
  else
    addEventListener('load', () =>
      document.fonts.load('1em "Inter Variable"').then(() => {
        useFont();
        sessionStorage.setItem(FONT_MARK, '1');
      }, useFont),
    );
} catch {
  useFont(); // storage refused: let font-display: swap handle it
}
