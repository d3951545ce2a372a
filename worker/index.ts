import { lazy } from '#client/lazy.ts';
import { createApp } from './app';
import { type Bindings, readConfig } from './env';
import { onDemand } from './platform/on-demand-loader';

export { Outbox } from './forms/outbox-object';

// The site's routes, built while the isolate starts: a request's CPU limit (10 ms on the free
// plan) counts from the request, and this is the same work wherever it is done (docs/decisions/0017).
// The test app only in tests, on first use.
const app = createApp();
const testApp = lazy(() => createApp({ testRoutes: true }));

export default {
  fetch(request, env, ctx) {
    return (env.ENVIRONMENT === 'test' ? testApp() : app).fetch(request, env, ctx);
  },
  /** The cron trigger of wrangler.toml: mail that could not be sent yet. */
  async scheduled(controller, env) {
    const { readOps, readSecrets, runOutbox } = await onDemand(env);
    const secrets = readSecrets(env);
    // Broken secrets (logged by readSecrets): nothing can be sent until they are fixed, but the alerts still go.
    await runOutbox(env, secrets.ok ? secrets.secrets : null, readConfig(env), readOps(env), controller.scheduledTime);
  },
} satisfies ExportedHandler<Bindings>;
