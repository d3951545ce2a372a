import type { Context } from 'hono';
import { fillPath } from '#client/paths.ts';
import type { AppEnv } from '../../env';
import { onDemand } from '../../platform/on-demand-loader';
import { router } from '../../request/router';
import { runSteps } from '../../request/run-steps';
import { builtPage } from './built';
import { pageSteps } from './steps';
import { findPage, pagesBuilt } from './table';

/**
 * Every page of client/pages/index.ts, in French and under /en (HEAD too: Hono
 * answers it from GET): first-visit language and cookie -> prefetch headers
 * -> ETag check -> page cache -> the document. Unknown entries of a
 * collection answer 404; a path that is no page goes on to the short links.
 *
 * The document is the one the build rendered ahead for this page, these
 * settings and today in Lausanne (./built.ts), when there is one and the
 * query string asks nothing the page reads; otherwise React renders it now,
 * loaded for that request only (docs/decisions/0017).
 *
 * One router entry for all pages, looked up here by path (the URL's language
 * prefix is already off, middleware/locale.ts): at an isolate's start, Hono
 * then adds one route instead of ninety, and walks one at each request.
 */
export function pageRoutes() {
  const app = router<AppEnv>();
  const steps = pageSteps();
  app.get('*', async (c, next) => {
    const found = findPage(c.var.path);
    if (!found) return next();
    return runSteps(c, [...steps, async () => document(c, found.route.id, found.route.path, found.params)]);
  });
  return app;
}

/** A page's document: rendered ahead if it may be, else now. */
async function document(c: Context<AppEnv>, id: string, pattern: string, params: Record<string, string>): Promise<Response> {
  const path = fillPath(pattern, params);
  if (path === c.var.path && !readsQuery(c, id)) {
    const built = await builtPage(c, c.var.locale, path);
    if (built instanceof Response) return built;
    // Rendered ahead for these settings and today, yet not this entry: there is no such entry.
    if (built === 'absent') return c.notFound();
  }
  return (await onDemand(c.env)).renderPage(c, id as never, undefined, params);
}

/** Whether the URL's query names a parameter the page's document depends on (a sent form, a pinned slide…). */
function readsQuery(c: Context<AppEnv>, id: string): boolean {
  const url = c.req.url;
  const at = url.indexOf('?');
  if (at === -1 || at === url.length - 1) return false;
  const read = pagesBuilt.query[id];
  if (read === undefined || read === '*') return true;
  for (const name of new URLSearchParams(url.slice(at + 1)).keys()) if (read.includes(name)) return true;
  return false;
}
