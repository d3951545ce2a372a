import type { Context, MiddlewareHandler } from 'hono';
import { locales } from '#client/i18n.ts';
import { localizePath } from '#client/paths.ts';
import { routes } from '#client/routes.ts';
import type { AppEnv } from '../env';
import { lazy } from '../lib/lazy';

export const SPECULATION_RULES_PATH = '/speculation-rules.json';

/**
 * Prefetch (spec §9): same-site page links are fetched when the visitor
 * hovers or presses on them (`moderate`). Only the pages of the route table
 * match, in both languages, so the API, the tools, short links, PDFs and
 * other sites never do. Browsers without Speculation Rules ignore all this.
 */
const speculationRules = lazy(() => ({
  prefetch: [
    {
      source: 'document',
      where: {
        and: [
          {
            href_matches: routes()
              .filter((r) => r.layout === 'site')
              .flatMap((r) => locales.map((l) => localizePath(r.path, l))),
          },
          // Not the language switch (hreflang): viewing a page stores its language, and a prefetch is no choice.
          { not: { selector_matches: '[download], [rel~="nofollow"], [hreflang]' } },
        ],
      },
      eagerness: 'moderate',
    },
  ],
}));

/** Data saver on, or a 2G connection (the ECT client hint the pages ask for): no prefetching at all. */
function saving(c: Context<AppEnv>): boolean {
  return c.req.header('Save-Data')?.trim().toLowerCase() === 'on' || /^(?:slow-)?2g$/.test(c.req.header('ECT')?.trim() ?? '');
}

/**
 * On each page response (outside the page cache): the Speculation-Rules header,
 * unless the visitor saves data, and Accept-CH so the browser's next requests,
 * the rules file's included, say how fast its connection is.
 */
export function speculation(): MiddlewareHandler<AppEnv> {
  return async function speculation(c, next) {
    await next();
    if (!c.res.headers.get('Content-Type')?.startsWith('text/html')) return;
    c.res.headers.set('Accept-CH', 'ECT, Save-Data');
    c.res.headers.append('Vary', 'Save-Data');
    if (!saving(c)) c.res.headers.set('Speculation-Rules', `"${SPECULATION_RULES_PATH}"`);
  };
}

/** The rules file: empty for a visitor on data saver or 2G. */
export function speculationRulesFile(c: Context<AppEnv>) {
  return c.body(JSON.stringify(saving(c) ? {} : speculationRules()), 200, {
    'Content-Type': 'application/speculationrules+json',
    'Cache-Control': 'private, max-age=600',
    Vary: 'Save-Data, ECT',
  });
}
