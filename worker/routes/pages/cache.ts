import type { MiddlewareHandler } from 'hono';
import { localDate } from '#content/lausanne.ts';
import type { AppEnv } from '../../env';
import { assetManifest } from '../../render/assets-manifest';
import { PAGE_CACHE_CONTROL } from '../../render/page-headers';
import { pageConfigKey } from '../../render/settings';

/** How long a rendered page stays in the edge cache. */
const PAGE_TTL_SECONDS = 600;

/**
 * The bytes of a page made from bytes already in memory (a document rendered
 * ahead, ./built.ts), so the cache stores them without reading its body again.
 */
export const pageBytes = new WeakMap<Response, ArrayBuffer>();

async function digest(body: ArrayBuffer): Promise<string> {
  const bytes = new Uint8Array(await crypto.subtle.digest('SHA-256', body));
  return [...bytes.slice(0, 16)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * Render once, serve many (docs/decisions/0008). A page's HTML depends only on
 * its path (locale included), the build, the settings a page may show (their
 * fingerprint, render/settings.ts, as the pages rendered ahead are found) and the
 * Lausanne calendar day (which offers and events show), so that is the key
 * in `caches.default`; entries live PAGE_TTL_SECONDS and a new day is a new
 * key. Each stored page gets an ETag (a hash of its bytes) that hono/etag,
 * in front of this, answers `If-None-Match` with: a 304, no body.
 *
 * Only page routes answered with GET or HEAD come here, inside the language
 * choice (the order is ./steps.ts's): the first-visit redirect happens before
 * the cache is read, and the language cookie is added after it, on the way
 * out, so the stored copy never holds a cookie (nor is a response that does
 * hold one stored). Not cached: anything with a query string
 * (a pinned slide, a signature's fields), any status but 200, and every form
 * post (POST never reaches this middleware). `X-Page-Cache` says which
 * (hit, miss or bypass), for whoever measures.
 */
export function pageCache(): MiddlewareHandler<AppEnv> {
  return async function pageCache(c, next) {
    const url = new URL(c.req.url);
    if (url.search !== '') {
      await next();
      c.header('X-Page-Cache', 'bypass');
      return;
    }
    // A URL, not a Request: the cache takes either, and the key needs no headers.
    const key = `${url.origin}/__pages/${assetManifest.buildId}/${pageConfigKey(c.var.config)}/${localDate(new Date())}${url.pathname}`;
    // The DOM's CacheStorage type (the client shares this tsconfig) lacks workerd's `default`.
    const cache = (caches as unknown as { default: Cache }).default;
    const hit = await cache.match(key);
    if (hit) {
      const response = new Response(hit.body, hit);
      response.headers.set('Cache-Control', PAGE_CACHE_CONTROL);
      response.headers.set('X-Page-Cache', 'hit');
      return response;
    }

    await next();
    const res = c.res;
    if (res.status !== 200 || !res.body || res.headers.has('Set-Cookie') || !res.headers.get('Content-Type')?.startsWith('text/html')) {
      c.header('X-Page-Cache', 'bypass');
      return;
    }
    const known = pageBytes.get(res);
    const body = known ?? (await res.arrayBuffer());
    const headers = new Headers(res.headers);
    // A page rendered ahead comes with its ETag (the same hash, made by the build: ./built.ts).
    if (!headers.has('ETag')) headers.set('ETag', `"${await digest(body)}"`);
    headers.set('Cache-Control', `public, max-age=${PAGE_TTL_SECONDS}`);
    const stored = cache.put(key, new Response(body, { status: 200, headers }));
    try {
      c.executionCtx.waitUntil(stored);
    } catch {
      await stored; // no execution context (app.request in a unit test)
    }
    // A page rendered ahead goes out as it came, its body unread; one rendered now, made again from its bytes
    // (replaced, not merged: Hono would copy each header again).
    if (!known) {
      c.res = undefined;
      c.res = new Response(body, { status: 200, headers });
    }
    c.res.headers.set('Cache-Control', PAGE_CACHE_CONTROL);
    c.res.headers.set('X-Page-Cache', 'miss');
  };
}
