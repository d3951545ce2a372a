import { Hono } from 'hono';
import type { AppEnv } from './env';
import { canonical } from './middleware/canonical';
import { config } from './middleware/config';
import { locale } from './middleware/locale';
import { pathLimit } from './middleware/path-limit';
import { security } from './middleware/security';
import { assetRoutes } from './routes/assets';
import { formRoutes } from './routes/forms';
import { notFound, onError } from './routes/errors';
import { housekeeping } from './routes/housekeeping';
import { pageRoutes } from './routes/pages';
import { shortLinks } from './routes/short-links';

/**
 * A request's whole path (DESIGN §2), in order. Reading this file is reading the site.
 * `testRoutes` adds /__test/error, which throws, for the error-page tests only.
 */
export function createApp({ testRoutes = false } = {}) {
  const app = new Hono<AppEnv>();
  app.use(locale());
  app.use(config());
  app.use(security());
  app.use(pathLimit());
  app.get('*', canonical());
  app.route('/', assetRoutes());
  app.route('/', housekeeping());
  app.route('/', formRoutes());
  app.route('/', pageRoutes());
  if (testRoutes) {
    app.get('/__test/error', () => {
      throw new Error('Deliberate failure for the error-page test');
    });
  }
  app.route('/', shortLinks());
  app.notFound(notFound);
  app.onError(onError);
  return app;
}
