import type { Context, MiddlewareHandler } from 'hono';
import { lazy } from '#client/lazy.ts';
import type { AppEnv } from '../env';
import { outbox } from '../forms/outbox-object';
import { errorFields } from '../platform/log';
import { routeTable } from '../routes/pages/table';

/**
 * Every server error the site answers (a 5xx, or an error thrown once a page
 * had started streaming) is counted in the outbox, by route shape; past a
 * threshold in a window, the association's chat is told once per window
 * (worker/forms/outbox-alerts.ts). The count is made after the answer, so a
 * visitor never waits for it; a count that fails is only logged.
 */
export function errorCount(): MiddlewareHandler<AppEnv> {
  return async function errorCount(c, next) {
    // What runs after the answer has left (a page's stream) counts its errors through the context.
    c.set('countError', (status) => countError(c, status));
    await next();
    if (c.res.status >= 500) countError(c, c.res.status);
  };
}

/** Counts one server error of this request (the renderer asks for it, through `c.var.countError`, for a stream that broke after its 200). */
function countError<E extends AppEnv>(c: Context<E>, status: number): void {
  const log = (c.var as AppEnv['Variables']).log;
  const counted = outbox(c.env)
    .recordError(routeShape(new URL(c.req.url).pathname), status)
    .catch((error: unknown) => log?.error('error_count.failed', { next: 'this error is only in the logs', ...errorFields(error) }));
  try {
    c.executionCtx.waitUntil(counted);
  } catch {
    // No execution context (a unit test calling the app directly): the promise runs on its own.
  }
}

/** The first parts of the site's own addresses: every page's, and the Worker's own prefixes. Made at first use. */
const firstSegments = lazy(
  () => new Set([...routeTable().map((r) => r.path.split('/')[1] ?? ''), 'api', 'admin', 'assets', 'images', 'fonts', 'cdn-cgi']),
);

/**
 * What an alert may name of a path: its language and its first part when
 * that is one of the site's own (`/en/news/…`, `/api/…`), else `…`. Nothing
 * a visitor typed: the words come from the site's list, never the request.
 */
export function routeShape(path: string): string {
  const segments = path.slice(0, 200).split('/').filter(Boolean);
  const en = segments[0] === 'en';
  const rest = en ? segments.slice(1) : segments;
  if (rest.length === 0) return en ? '/en' : '/';
  const first = firstSegments().has(rest[0]!) ? rest[0]! : '…';
  return `${en ? '/en' : ''}/${first}${rest.length > 1 ? '/…' : ''}`;
}
