import { exports } from 'cloudflare:workers';
import { afterEach, beforeEach, vi } from 'vitest';
import type { Locale } from '../../client/i18n.ts';
import { jobs } from '../../content/index.ts';

export const ORIGIN = 'https://jeepfl.ch';
export const BROWSER_UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36';

/** A request through the real Worker, as a browser would send it (no redirect following). */
export function get(path: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Response> {
  return exports.default.fetch(
    new Request(`${ORIGIN}${path}`, { method, headers: { 'User-Agent': BROWSER_UA, ...headers }, redirect: 'manual' }),
  );
}

/** A French visitor who has been here before (cookie set): no language redirect. */
export function getAs(locale: Locale, path: string, headers: Record<string, string> = {}) {
  return get(path, { Cookie: `lang=${locale}`, ...headers });
}

export function textOf(html: string, selector: RegExp): string | undefined {
  return selector.exec(html)?.[1];
}

/** Very small HTML attribute reader for assertions: `attr(html, 'link[rel=canonical]', 'href')`-style via regex. */
export function metaContent(html: string, attr: 'name' | 'property', key: string): string | undefined {
  const re = new RegExp(`<meta ${attr}="${key.replace(/[.:]/g, '\\$&')}" content="([^"]*)"`);
  return re.exec(html)?.[1];
}

export function decode(s: string | undefined): string | undefined {
  return s
    ?.replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

/** Noon in Lausanne (11:00 UTC) on `date` (`YYYY-MM-DD`), plus `days`. */
export function noonInLausanne(date: string, days = 0): Date {
  const d = new Date(`${date}T11:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d;
}

/**
 * A day on which every job offer of the content is open: noon on the earliest
 * deadline. Pages that list offers or events are rendered on this day, never
 * on the day the suite happens to run.
 */
export const CONTENT_DAY: Date = noonInLausanne(jobs.map((j) => j.validThrough).sort()[0]!);

/**
 * Runs every test of the calling file (or `describe`) on a fixed clock.
 * Only `Date` is faked: the Worker's own timers and I/O run as usual.
 */
export function onFixedClock(at: Date = CONTENT_DAY) {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(at);
  });
  afterEach(() => {
    vi.useRealTimers();
  });
}
