import { getAssetFromKV, NotFoundError } from '@cloudflare/kv-asset-handler';
import type { MiddlewareHandler } from 'hono';
import manifestJSON from '__STATIC_CONTENT_MANIFEST';
import type { AppEnv } from '../env';
import { assetManifest } from '../render/assets-manifest';

/** path in dist/public -> KV key, which wrangler suffixes with a content hash. */
const staticManifest: Record<string, string> = JSON.parse(manifestJSON);

/** Built files (scripts, CSS) carry a content hash in their name: cache them forever (build.mjs keeps static/ out of /assets/). */
const HASHED = /^\/assets\//;
export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const SHORT_LIVED = 'public, max-age=600, must-revalidate';

/**
 * Static files from the [site] bucket through @cloudflare/kv-asset-handler.
 * Anything not in the bucket falls through to the page routes.
 */
export function assets(): MiddlewareHandler<AppEnv> {
  return async function assets(c, next) {
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') return next();
    const path = safeDecode(new URL(c.req.url).pathname);
    const key = path && staticManifest[path.slice(1)];
    if (!key) return next();

    let response: Response;
    try {
      response = await getAssetFromKV(
        { request: c.req.raw, waitUntil: (p: Promise<unknown>) => c.executionCtx.waitUntil(p) },
        {
          ASSET_NAMESPACE: c.env.__STATIC_CONTENT,
          ASSET_MANIFEST: staticManifest,
          // Browser caching is ours to decide below; the edge cache is Cloudflare's.
          cacheControl: { bypassCache: true },
        },
      );
    } catch (error) {
      if (error instanceof NotFoundError) return next();
      throw error;
    }

    const hashed = HASHED.test(path);
    // Content hashes computed at build time: the ETag changes exactly with the file.
    const etag = `"${assetManifest.etags[path] ?? key}"`;
    const headers = new Headers(response.headers);
    headers.set('ETag', etag);
    headers.set('Cache-Control', hashed ? IMMUTABLE : SHORT_LIVED);
    if (c.req.header('If-None-Match')?.split(/\s*,\s*/).some((v) => v === etag || v === `W/${etag}`)) {
      headers.delete('Content-Length');
      return new Response(null, { status: 304, headers });
    }
    return new Response(c.req.method === 'HEAD' ? null : response.body, { status: 200, headers });
  };
}

function safeDecode(path: string): string | null {
  try {
    return decodeURIComponent(path);
  } catch {
    return null;
  }
}
