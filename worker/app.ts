import type { AppEnv } from './env';
import { canonical } from './middleware/canonical';
import { config } from './middleware/config';
import { errorCount } from './middleware/error-count';
import { locale } from './middleware/locale';
import { pathLimit } from './middleware/path-limit';
import { requestLog } from './middleware/request-log';
import { security } from './middleware/security';
import { router } from './request/router';
import { adminRoutes } from './routes/admin';
import { assetRoutes } from './routes/assets';
import { cmsRoutes } from './routes/cms';
import { notFound, onError } from './routes/errors';
import { formRoutes } from './routes/forms';
import { housekeeping } from './routes/housekeeping';
import { pageRoutes } from './routes/pages';
import { shortLinks } from './routes/short-links';

/**
 * A request's whole path, in order: reading this file is reading the site
 * (docs/architecture.md tells the same story in prose). Every middleware runs
 * for every request; then the first route that answers wins.
 * `testRoutes` adds /__test/error, which throws, and /__test/late-error, whose
 * answer goes out whole before its error is counted (as a page's stream that
 * breaks after its 200), for the error tests only.
 */
export function createApp({ testRoutes = false } = {}) {
  const app = router<AppEnv>();
  app.use(requestLog()); //       the request id, and a logger of JSON lines (platform/log.ts)
  app.use(errorCount()); //       every 5xx counted; a burst alerts the chat (middleware/error-count.ts)
  app.use(locale()); //           locale, t and the unprefixed path on the context (middleware/locale.ts)
  app.use(config()); //           vars from wrangler.toml, validated (env.ts)
  app.use(security()); //         CSP, HSTS and the other headers, on every response
  app.use(pathLimit()); //        a path over 512 bytes: 404 before anything parses it
  app.get('*', canonical()); //   301 to the lower-case path without a trailing slash
  app.route('/', assetRoutes()); // the files of dist/public, from KV: /assets/…, /images/…, the PDF
  app.route('/', housekeeping()); // /robots.txt, /sitemap.xml, /_build.json, /speculation-rules.json
  app.route('/', adminRoutes()); // /admin/outbox…, for npm run outbox: 404 without the token (routes/admin.ts)
  app.route('/', formRoutes()); //  POST /api/contact, /api/translation-estimate (forms/pipeline.ts)
  app.route('/', cmsRoutes()); //   /cms, the editor, and its sign-in with GitHub (routes/cms-api.ts); /en/cms leads there
  app.route('/', pageRoutes()); //  every page of client/pages/, in French and under /en
  if (testRoutes) {
    app.get('/__test/error', () => {
      throw new Error('Deliberate failure for the error-page test');
    });
    app.get('/__test/late-error', (c) => {
      c.var.countError?.(500);
      return c.text('sent before the failure');
    });
  }
  app.route('/', shortLinks()); //  /linkedin, /en/linkedin…: after the pages, which win
  app.notFound(notFound); //        the 404 page, in the URL's language
  app.onError(onError); //          the 500 page (a bare 500 for crawlers)
  return app;
}
