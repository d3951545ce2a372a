import type { Context } from 'hono';
import type { AppEnv } from '../env';
import { onDemand } from '../platform/on-demand-loader';
import { router } from '../request/router';

/** Each answer is ./cms-api.ts's, loaded with the on-demand module by the first editor request of an isolate. */
const editor = async (c: Context<AppEnv>) => (await onDemand(c.env)).cmsApi.editor(c);
const auth = async (c: Context<AppEnv>) => (await onDemand(c.env)).cmsApi.auth(c);
const callback = async (c: Context<AppEnv>) => (await onDemand(c.env)).cmsApi.callback(c);

/**
 * The sign-in's two steps answer GET only. Hono answers a HEAD with the GET's
 * handler, which here would trade GitHub's one-time code for a token and
 * drop it, or start a sign-in over: a HEAD gets 405 and does neither.
 */
function getOnly(handler: (c: Context<AppEnv>) => Promise<Response>) {
  return (c: Context<AppEnv>) => (c.req.method === 'HEAD' ? c.body(null, 405, { Allow: 'GET', 'Cache-Control': 'no-store' }) : handler(c));
}

/** The editor has one address: the same URL always leads there, so a day in any cache is safe. */
function toEditor(c: Context<AppEnv>) {
  c.header('Cache-Control', 'public, max-age=86400');
  return c.redirect('/cms', 301);
}

/**
 * The editor at /cms (Decap CMS) and its sign-in with GitHub: three routes,
 * whose work (./cms-api.ts, where they are described) loads on demand, as
 * part of worker/on-demand.ts: a page's cold start never parses it. /en/cms
 * leads to /cms.
 */
export function cmsRoutes() {
  const app = router<AppEnv>();
  app.get('/cms', editor);
  app.get('/cms/auth', getOnly(auth));
  app.get('/cms/callback', getOnly(callback));
  app.get('/en/cms', toEditor);
  return app;
}
