import { env } from 'cloudflare:test';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type Locale, locales } from '../../client/i18n.ts';
import { inLausanne } from '../../content/lausanne.ts';
import { readConfig } from '../../worker/env';
import { errorPageOptions } from '../../worker/render/page-options';
import { renderStream } from '../../worker/render/render';
import { pageConfigKey } from '../../worker/render/settings';
import { pagesBuilt } from '../../worker/routes/pages/table';
import { getAs } from './helpers';

/**
 * The pages the build rendered ahead are the pages the request-time renderer
 * makes, byte for byte (issue 32, docs/decisions/0017): every page of the
 * tests' build, in both languages, on each side of every day the build says
 * it changes, at Lausanne's midnight (summer time and winter time alike), and
 * on every day it may change for the pages that read the day.
 */

const built = pagesBuilt.configs[pageConfigKey(readConfig(env))]!;

/** The UTC moment of a wall-clock time in Lausanne (`day` `YYYY-MM-DD`, `time` `HH:MM:SS`). */
function lausanne(day: string, time: string): Date {
  for (const offset of ['+01:00', '+02:00']) {
    const at = new Date(`${day}T${time}${offset}`);
    const wall = inLausanne(at);
    if (wall.date === day && wall.time === time.slice(0, 5)) return at;
  }
  throw new Error(`${day} ${time} does not exist in Lausanne`);
}

const dayBefore = (day: string) => new Date(Date.parse(`${day}T12:00:00Z`) - 86_400_000).toISOString().slice(0, 10);

/** Either side of a day's midnight in Lausanne: the last seconds of the day before, the first of the day. */
const aroundMidnight = (day: string) => [lausanne(dayBefore(day), '23:59:30'), lausanne(day, '00:00:30')];

/** The page as served (rendered ahead), and as rendered for the request (a query it reads: `sent` names no form). */
async function bothWays(locale: Locale, path: string) {
  const url = locale === 'fr' ? path : path === '/' ? '/en' : `/en${path}`;
  const ahead = await getAs(locale, url);
  const now = await getAs(locale, `${url}?sent=none`);
  return {
    ahead: { source: ahead.headers.get('X-Page-Source'), status: ahead.status, html: await ahead.text() },
    now: { source: now.headers.get('X-Page-Source'), status: now.status, html: await now.text() },
  };
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
});
afterEach(() => {
  vi.useRealTimers();
});

/** The pages (`en /team`), each with the days it changes on, as the build recorded them. */
const pages = Object.entries(built)
  .filter(([key]) => !/ (404|500)$/.test(key))
  .map(([key, variants]) => {
    const [locale, path] = key.split(' ') as [Locale, string];
    return { key, locale, path, days: variants.map((v) => v[0]) };
  });

/** The days summer time starts and ends in Lausanne within the days covered (the last Sundays of March and October). */
const clockChanges: string[] = [];
for (let year = Number(pagesBuilt.from.slice(0, 4)); year < Number(pagesBuilt.until.slice(0, 4)); year++) {
  for (const month of [2, 9]) {
    const last = new Date(Date.UTC(year, month + 1, 0));
    const sunday = new Date(last.getTime() - last.getUTCDay() * 86_400_000).toISOString().slice(0, 10);
    if (sunday >= pagesBuilt.from) clockChanges.push(sunday);
  }
}

describe('pages rendered ahead, against the request-time renderer', () => {
  it('cover every page of the site in both languages, for the settings the tests run with', () => {
    expect(pages.length).toBeGreaterThan(20);
    for (const locale of locales) expect(pages.some((p) => p.locale === locale && p.path === '/')).toBe(true);
    expect(clockChanges.length).toBeGreaterThanOrEqual(2);
  });

  it.each(pages)('$key: the same bytes on each side of each day it changes on', async ({ locale, path, days }) => {
    for (const day of days) {
      for (const at of aroundMidnight(day)) {
        vi.setSystemTime(at);
        const { ahead, now } = await bothWays(locale, path);
        if (at < lausanne(pagesBuilt.from, '00:00:00')) continue; // before the build's first day: rendered for the request
        expect(ahead.source, `${path} at ${at.toISOString()}`).toBe('build');
        expect(now.source).toBe('request');
        expect(ahead.status).toBe(now.status);
        expect(ahead.html, `${path} at ${at.toISOString()}`).toBe(now.html);
      }
    }
  });

  it.each(pages.filter((p) => p.days.some((d) => !d.endsWith('-01-01') && d !== pagesBuilt.from)))(
    '$key reads the day: the same bytes on every day the build may see it change',
    async ({ locale, path }) => {
      for (const day of pagesBuilt.days) {
        vi.setSystemTime(lausanne(day, '00:00:30'));
        const { ahead, now } = await bothWays(locale, path);
        expect(ahead.source).toBe('build');
        expect(ahead.html, `${path} on ${day}`).toBe(now.html);
      }
    },
  );

  it("is right across summer time's start and end, at midnight and at the change itself", async () => {
    for (const sunday of clockChanges) {
      const moments = [
        ...aroundMidnight(sunday),
        lausanne(sunday, '01:59:30'),
        lausanne(sunday, '03:00:30'),
        ...aroundMidnight(dayBefore(sunday)),
      ];
      for (const at of moments) {
        vi.setSystemTime(at);
        for (const { locale, path } of pages.filter((p) => p.path === '/' || p.path === '/jobs' || p.path === '/tools/tv')) {
          const { ahead, now } = await bothWays(locale, path);
          expect(ahead.source).toBe('build');
          expect(ahead.html, `${locale} ${path} at ${at.toISOString()}`).toBe(now.html);
        }
      }
    }
  });

  it('serves the error pages the renderer makes, in both languages, each year', async () => {
    for (const locale of locales) {
      for (const [day] of built[`${locale} 404`]!) {
        vi.setSystemTime(lausanne(day, '12:00:00'));
        const res = await getAs(locale, locale === 'fr' ? '/no-such-page' : '/en/no-such-page');
        expect(res.status).toBe(404);
        expect(res.headers.get('X-Page-Source')).toBe('build');
        const stream = await renderStream(readConfig(env), errorPageOptions(404, locale, day), () => {});
        await stream.allReady;
        expect(await res.text()).toBe(await new Response(stream).text());
      }
    }
  });

  it('renders for the request a page on a day past the ones the build covered, and says so', async () => {
    vi.setSystemTime(lausanne(pagesBuilt.until, '12:00:00'));
    const res = await getAs('fr', '/team');
    expect(res.status).toBe(200);
    expect(res.headers.get('X-Page-Source')).toBe('request');
    expect(await res.text()).toMatch(new RegExp(`<p>©\\s${pagesBuilt.until.slice(0, 4)} `));
  });
});
