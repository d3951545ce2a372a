/**
 * Anchors. The browser scrolls to an anchor itself, below the sticky
 * header (`scroll-margin-top` in layout.css); a hash change on the same page
 * never jumps to the top, and a new page starts at the top. This adds:
 * - focus: keyboard and screen-reader focus moves to the target, 100 ms after
 *   the jump (once the scroll has settled), without scrolling again;
 * - smooth scrolling for links within the page (the `smooth-scroll` class;
 *   layout.css drops it under reduced motion), turned on only once the page
 *   has settled, so that arriving at `/#contact` jumps straight there;
 * - on arrival with a hash, a second jump once the web font has swapped in
 *   (text above the target may wrap differently), unless the visitor has
 *   started scrolling by then.
 */
const SCROLL_DELAY_MS = 100;
const FOCUSABLE = 'a[href], button, input, select, textarea, summary, [tabindex]';

function target(): HTMLElement | null {
  try {
    const id = decodeURIComponent(location.hash.slice(1));
    return id ? document.getElementById(id) : null;
  } catch {
    return null; // a malformed escape names no element
  }
}

function focus(el: HTMLElement) {
  if (!el.matches(FOCUSABLE)) el.setAttribute('tabindex', '-1');
  el.focus({ preventScroll: true });
}

const smooth = () => document.documentElement.classList.add('smooth-scroll');

addEventListener('hashchange', () => {
  const el = target();
  if (el) setTimeout(() => focus(el), SCROLL_DELAY_MS);
});

const arrivedAt = target();
if (arrivedAt) {
  let moved = false;
  const stop = () => (moved = true);
  for (const type of ['wheel', 'touchstart', 'keydown']) addEventListener(type, stop, { once: true, passive: true });
  void document.fonts.ready.then(() =>
    setTimeout(() => {
      if (!moved) arrivedAt.scrollIntoView();
      focus(arrivedAt);
      smooth();
    }, SCROLL_DELAY_MS),
  );
} else {
  smooth();
}
