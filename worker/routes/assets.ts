import type { Context } from 'hono';
import { etag } from 'hono/etag';
import type { AppEnv } from '../env';
import { DATA_FOLDER } from '../platform/site-data';
import { staticKey } from '../platform/static-files';
import { assetManifest } from '../render/assets-manifest';
import { router } from '../request/router';
import { CONTENT_TYPES } from './content-types';
import { BUILT_FOLDER } from './pages/built';

/**
 * Built files carry a content hash in their name: cache them forever. The
 * site's scripts and CSS under /assets/ (build.mjs keeps static/ out of it),
 * and the editor's bundle, /cms/cms.<hash>.js (scripts/build-cms.mjs).
 */
const HASHED = /^\/(?:assets\/|cms\/cms\.[0-9a-f]{16}\.js$)/;
const IMMUTABLE = 'public, max-age=31536000, immutable';
const SHORT_LIVED = 'public, max-age=600, must-revalidate';

/**
 * Static files from the [site] bucket (Workers Sites, KV): GET (and HEAD) of
 * the path of a file of the bucket, any other path goes on to the next
 * routes. The ETag is the file's content hash from the build;
 * `hono/etag` answers a matching If-None-Match with 304.
 *
 * Read from KV here, in a few lines, rather than through
 * @cloudflare/kv-asset-handler: its MIME table of a thousand types was 12 KB
 * of the Worker's gzip budget and built at every cold start, and the site uses
 * none of its edge caching (docs/decisions/0002).
 */
export function assetRoutes() {
  const app = router<AppEnv>();
  const revalidate = etag();
  // One router entry, the files looked up by path in the bucket's manifest (as routes/pages/index.tsx does);
  // not the documents the build rendered ahead: the page routes serve those, with their headers (routes/pages/built.ts);
  // nor the Worker's own content and messages (platform/site-data.ts).
  app.get('*', async (c, next) => {
    const path = c.req.path;
    const file = path.slice(1);
    const key = file.startsWith(BUILT_FOLDER) || file.startsWith(DATA_FOLDER) ? undefined : staticKey(file);
    if (key === undefined) return next();
    await revalidate(c, async () => {
      c.res = await serve(c, path, key);
    });
    return c.res;
  });
  return app;
}

async function serve(c: Context<AppEnv>, path: string, key: string) {
  const body = await c.env.__STATIC_CONTENT.get(key, 'arrayBuffer');
  if (body === null) return c.notFound();
  return new Response(body, {
    status: 200,
    headers: {
      'Content-Type': CONTENT_TYPES[path.slice(path.lastIndexOf('.') + 1).toLowerCase()] ?? 'application/octet-stream',
      // Content hashes computed at build time: the ETag changes exactly with the file.
      ETag: `"${assetManifest.etags[path] ?? key}"`,
      'Cache-Control': HASHED.test(path) ? IMMUTABLE : SHORT_LIVED,
    },
  });
}
