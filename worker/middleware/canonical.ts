import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../env';

/**
 * One URL per page: paths answer 301 to their lower-case form without a
 * trailing slash (`/Team/` -> `/team`), query string kept. Repeated slashes
 * collapse too, so `//example.com` can never become an open redirect. Files
 * (a dot in the last segment) keep their exact, content-hashed names.
 * Mounted for GET (and so HEAD) only, in worker/app.ts.
 */
export function canonical(): MiddlewareHandler<AppEnv> {
  return async function canonical(c, next) {
    const url = new URL(c.req.url);
    const path = url.pathname;
    const last = path.slice(path.lastIndexOf('/') + 1);
    if (last.includes('.')) return next();
    let target = path.toLowerCase().replace(/\/{2,}/g, '/');
    if (target.length > 1) target = target.replace(/\/+$/, '') || '/';
    if (target === path) return next();
    // The same URL always has the same canonical form: a day in any cache is safe.
    c.header('Cache-Control', 'public, max-age=86400');
    return c.redirect(target + url.search, 301);
  };
}
