/**
 * The office screen (/tools/tv, client/pages/tv.tsx): shows one
 * slide at a time for `data-seconds` (a progress bar fills meanwhile), the
 * arrow keys move between slides (and restart the count), `?slide=N` keeps
 * slide N (`data-pinned`); the clock ticks; every ten minutes the slides are
 * fetched anew, without a reload (a new build reloads the page:
 * client/runtime/builds.ts). No framework: plain DOM on server-rendered HTML.
 */
import { formatClock } from '../format';

const REFRESH_MS = 10 * 60 * 1000;
const root = document.querySelector<HTMLElement>('.tv')!;
const seconds = Number(root.dataset.seconds) || 12;
const pinned = root.hasAttribute('data-pinned');

const slides = () => [...root.querySelectorAll<HTMLElement>('.tv-slide')];
let current = Math.max(
  0,
  slides().findIndex((s) => !s.hidden),
);
let timer: ReturnType<typeof setInterval> | undefined;

function show(index: number, entering = true) {
  const all = slides();
  current = (index + all.length) % all.length;
  all.forEach((slide, i) => {
    slide.hidden = i !== current;
    slide.classList.toggle('tv-enter', entering && i === current);
  });
  // Restart the progress bar's fill (tool-tv.css animates it over --seconds).
  const bar = root.querySelector<HTMLElement>('.tv-progress span')!;
  bar.style.animation = 'none';
  void bar.offsetWidth;
  bar.style.animation = '';
}

function start() {
  clearInterval(timer);
  root.style.setProperty('--seconds', `${seconds}s`);
  root.classList.toggle('tv-running', !pinned);
  if (!pinned) timer = setInterval(() => show(current + 1), seconds * 1000);
}

addEventListener('keydown', (event) => {
  if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return;
  show(current + (event.key === 'ArrowRight' ? 1 : -1));
  start();
});

const clock = root.querySelector<HTMLTimeElement>('[data-tv-clock]')!;
function tick() {
  const now = new Date();
  clock.dateTime = now.toISOString();
  clock.textContent = formatClock(now);
}
setInterval(tick, 1000);
tick();

/** New events and offers, from the same page: the slides' HTML is swapped in place. */
async function refresh() {
  try {
    const res = await fetch(location.href, { headers: { accept: 'text/html' } });
    if (!res.ok) return;
    const fresh = new DOMParser().parseFromString(await res.text(), 'text/html').querySelector('[data-tv-slides]');
    if (!fresh) return;
    root.querySelector('[data-tv-slides]')!.replaceChildren(...fresh.children);
    show(current, false);
  } catch {
    // offline: the slides stay as they are until the next try
  }
}
setInterval(() => void refresh(), REFRESH_MS);

show(current, false);
start();
