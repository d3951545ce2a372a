import type { AppEnv } from '../env';
import { onDemand } from '../platform/on-demand-loader';
import { router } from '../request/router';
import { notFound, onError } from './errors';

/**
 * /admin and everything under it, for `npm run outbox`: one route, whose
 * lock and actions (./admin-api.ts, where the API is described) load with
 * the first admin request, as part of worker/on-demand.ts. A page's cold
 * start never parses them. Without the right token, the ordinary 404 page.
 */
export function adminRoutes() {
  const app = router<AppEnv>();
  app.all('/admin/*', async (c) => (await onDemand(c.env)).adminApi(c, { notFound, onError }));
  return app;
}
