import type { Context, MiddlewareHandler } from 'hono';
import type { AppEnv } from '../env';
import { outbox } from '../forms/outbox';
import { errorFields } from '../lib/log';

/**
 * Every server error the site answers (a 5xx, or an error thrown once a page
 * had started streaming) is counted in the outbox, by route shape; past a
 * threshold in a window, the association's chat is told once per window
 * (worker/forms/outbox-alerts.ts). The count is made after the answer, so a
 * visitor never waits for it; a count that fails is only logged.
 */
export function errorCount(): MiddlewareHandler<AppEnv> {
  return async function errorCount(c, next) {
    await next();
    if (c.res.status >= 500) countError(c, c.res.status);
  };
}

/** Counts one server error of this request (the renderer calls it for a stream that broke after its 200). */
export function countError<E extends AppEnv>(c: Context<E>, status: number): void {
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

/** A path segment the site itself could have written: lower-case words, digits and hyphens. */
const SEGMENT = /^[a-z0-9][a-z0-9-]{0,39}$/;

/**
 * What an alert may name of a path: its first two segments when they look
 * like the site's own (`/en/news`, `/api/contact`), each other one `…`.
 * Never what a visitor typed: the chat shows it.
 */
export function routeShape(path: string): string {
  const segments = path.slice(0, 200).split('/').filter(Boolean);
  if (segments.length === 0) return '/';
  const shown = segments.slice(0, 2).map((s) => (SEGMENT.test(s) ? s : '…'));
  return `/${shown.join('/')}${segments.length > 2 ? '/…' : ''}`;
}
