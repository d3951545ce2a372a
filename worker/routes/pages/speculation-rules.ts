import { lazy } from '#client/lazy.ts';
import { locales } from '#client/locales.ts';
import { localizePath } from '#client/paths.ts';
import { routeTable } from './table';

/**
 * The prefetch rules, in one place for the two that use them: the file
 * itself, served by worker/routes/housekeeping.ts, and the Speculation-Rules
 * header that points each page at it (worker/routes/pages/speculation.ts).
 */
export const SPECULATION_RULES_PATH = '/speculation-rules.json';

/**
 * Same-site page links are prefetched when the visitor hovers or presses on
 * them (`moderate`). Only the pages of the route table match, in both
 * languages, so the API, the tools, short links, PDFs and other sites never
 * do. Browsers without Speculation Rules ignore all this.
 */
export const speculationRules = lazy(() => ({
  prefetch: [
    {
      source: 'document',
      where: {
        and: [
          {
            href_matches: routeTable()
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
export function savesData(headers: Headers): boolean {
  return headers.get('Save-Data')?.trim().toLowerCase() === 'on' || /^(?:slow-)?2g$/.test(headers.get('ECT')?.trim() ?? '');
}
