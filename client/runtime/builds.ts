/**
 * New builds. Each page carries its build id in
 * `<meta name="build-id">` and asks `/_build.json` for the current one while
 * it is visible: about 1 s after load (not on slow-2g), then every hour, and on
 * coming back after more than an hour away;
 * every minute on the office screen (/tools/tv), which simply reloads. Any
 * other page shows the notice its server rendered in its language (a
 * <template> beside an empty `aria-live` region), without taking focus, and
 * never while the visitor is in a form: it waits until they send or leave it.
 */
const TV = /^\/(?:en\/)?tools\/tv\/?$/;
const HOUR = 60 * 60 * 1000;
const interval = TV.test(location.pathname) ? 60 * 1000 : HOUR;
const current = document.querySelector<HTMLMetaElement>('meta[name="build-id"]')?.content;
const DISMISSED = 'build-notice-dismissed';
const TV_RELOADED = 'build-reload-at';
/** The first check about 1 s after load (a page from the browser's cache may be older), except on slow-2g. */
const FIRST_CHECK_MS = 1000;

let lastCheck = Date.now();
let timer: ReturnType<typeof setTimeout> | undefined;
let found: string | null = null;

async function check() {
  lastCheck = Date.now();
  try {
    const res = await fetch('/_build.json', { cache: 'no-store' });
    if (!res.ok) return;
    const { id } = (await res.json()) as { id?: unknown };
    if (typeof id === 'string' && current && id !== current) newBuild(id);
  } catch {
    // offline: ask again next time
  }
}

function schedule() {
  clearTimeout(timer);
  if (found || document.visibilityState !== 'visible') return;
  timer = setTimeout(() => void check().then(schedule), Math.max(0, lastCheck + interval - Date.now()));
}

const inForm = () => document.activeElement?.closest('form') != null;

function newBuild(id: string) {
  found = id;
  if (TV.test(location.pathname)) {
    // At most once a minute: should two versions answer side by side (a
    // gradual deployment), the screen must not reload in a loop.
    try {
      if (Date.now() - Number(sessionStorage.getItem(TV_RELOADED)) < 60_000) return;
      sessionStorage.setItem(TV_RELOADED, String(Date.now()));
    } catch {
      return;
    }
    location.reload();
    return;
  }
  try {
    if (sessionStorage.getItem(DISMISSED) === id) return;
  } catch {
    // storage refused: show it
  }
  if (inForm()) {
    const later = () => {
      // After the focus has settled: leaving one field for the next is not leaving the form.
      setTimeout(() => {
        if (inForm()) return;
        document.removeEventListener('focusout', later);
        document.removeEventListener('submit', later, true);
        showNotice(id);
      });
    };
    document.addEventListener('focusout', later);
    document.addEventListener('submit', later, true);
    return;
  }
  showNotice(id);
}

function showNotice(id: string) {
  const region = document.getElementById('build-notice');
  const template = document.getElementById('build-notice-content') as HTMLTemplateElement | null;
  if (!region || !template || region.childElementCount > 0) return;
  region.appendChild(template.content.cloneNode(true));
  region.querySelector('[data-build-reload]')?.addEventListener('click', () => location.reload());
  region.querySelector('[data-build-dismiss]')?.addEventListener('click', () => {
    region.replaceChildren();
    try {
      sessionStorage.setItem(DISMISSED, id);
    } catch {
      // storage refused: it only comes back on the next page
    }
  });
}

document.addEventListener('visibilitychange', () => {
  if (document.visibilityState === 'visible' && Date.now() - lastCheck >= interval) void check().then(schedule);
  else schedule();
});
schedule();

const connection = (navigator as Navigator & { connection?: { effectiveType?: string } }).connection;
if (connection?.effectiveType !== 'slow-2g') {
  const first = () => setTimeout(() => void check().then(schedule), FIRST_CHECK_MS);
  if (document.readyState === 'complete') first();
  else addEventListener('load', first, { once: true });
}
