import type { Context } from 'hono';
import type { AppEnv } from '../env';
import type { FormEnv } from '../forms/reply';
import { onDemand } from '../platform/on-demand-loader';
import { router } from '../request/router';
import { runSteps } from '../request/run-steps';
import { pagesBuilt } from './pages/table';

/**
 * POST to each form's endpoint (client/forms/index.ts; docs/forms.md), and
 * anything else under /api/: the pipeline of worker/forms/chains.ts, loaded
 * on the first post (worker/on-demand.ts). The endpoints come from the build's page table, so
 * serving a page never loads the forms.
 */
export function formRoutes() {
  const app = router<AppEnv>();
  for (const { endpoint } of pagesBuilt.forms) {
    app.post(endpoint, async (c) => runSteps(c as unknown as Context<FormEnv>, (await onDemand(c.env)).formSteps(endpoint)));
  }
  app.all('/api/*', async (c) => (await onDemand(c.env)).otherApi(c));
  return app;
}
