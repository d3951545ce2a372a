import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../env';

/**
 * KV keys are at most 512 bytes, and no page, file or short link of this site
 * has a path anywhere near that: a longer path is answered with the 404 page
 * before anything looks it up (a KV lookup would throw, and answer 500).
 */
const MAX_PATH_BYTES = 512;

export function pathLimit(): MiddlewareHandler<AppEnv> {
  return async function pathLimit(c, next) {
    // The URL's pathname is percent-encoded ASCII: its length is its size in bytes.
    if (new URL(c.req.url).pathname.length > MAX_PATH_BYTES) return c.notFound();
    await next();
  };
}
