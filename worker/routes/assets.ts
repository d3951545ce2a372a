import { Hono, type Context } from 'hono';
import { etag } from 'hono/etag';
import manifestJSON from '__STATIC_CONTENT_MANIFEST';
import type { AppEnv } from '../env';
import { assetManifest } from '../render/assets-manifest';

/** path in dist/public -> KV key, which wrangler suffixes with a content hash. */
const staticManifest: Record<string, string> = JSON.parse(manifestJSON);

/** Built files (scripts, CSS) carry a content hash in their name: cache them forever (build.mjs keeps static/ out of /assets/). */
const HASHED = /^\/assets\//;
const IMMUTABLE = 'public, max-age=31536000, immutable';
const SHORT_LIVED = 'public, max-age=600, must-revalidate';

/**
 * Static files from the [site] bucket through @cloudflare/kv-asset-handler:
 * one GET route per file of the bucket (HEAD comes with it), so Hono's route
 * table knows every path the site answers. The ETag is the file's content
 * hash from the build; `hono/etag` answers a matching If-None-Match with 304.
 */
export function assetRoutes() {
  const app = new Hono<AppEnv>();
  const revalidate = etag();
  for (const file of Object.keys(staticManifest)) {
    const path = `/${file}`;
    app.get(encodeURI(path), revalidate, (c) => serve(c, path));
  }
  return app;
}

async function serve(c: Context<AppEnv>, path: string) {
  // Loaded at the first static file: its MIME table (a thousand types) is
  // built when it loads, which a cold start for a page must not pay.
  const { getAssetFromKV, NotFoundError } = await import('@cloudflare/kv-asset-handler');
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
    if (error instanceof NotFoundError) return c.notFound();
    throw error;
  }
  const headers = new Headers(response.headers);
  // Content hashes computed at build time: the ETag changes exactly with the file.
  headers.set('ETag', `"${assetManifest.etags[path] ?? staticManifest[path.slice(1)]}"`);
  headers.set('Cache-Control', HASHED.test(path) ? IMMUTABLE : SHORT_LIVED);
  return new Response(response.body, { status: 200, headers });
}
