import { etag } from 'hono/etag';
import { pageCache } from './cache';
import { languageChoice } from './language-choice';
import { speculation } from './speculation';

/**
 * The steps of every page request, outermost first: the page route
 * (./index.tsx) runs exactly this list, in this order, before the loader and
 * the render. The order is the rule, and tests/worker/page-steps.test.ts fails
 * when it changes:
 *
 * 1. The language choice wraps the cache: a newcomer is redirected to /en, or
 *    not, even when the page is cached, and the `lang` cookie is added on the
 *    way out, after the cache stored or served the page. So a cached page
 *    never carries one visitor's Set-Cookie, and each visitor gets their own.
 * 2. The Speculation-Rules header is added outside the cache: it depends on the
 *    visitor's Save-Data.
 * 3. The ETag check (hono/etag) comes before the cache, so a browser holding
 *    the stored page's ETag gets a 304.
 * 4. The page cache, last: on a hit nothing is loaded or rendered.
 */
export function pageSteps() {
  return [languageChoice(), speculation(), etag(), pageCache()] as const;
}
