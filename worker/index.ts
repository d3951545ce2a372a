import { createApp } from './app';
import { readConfig, type Bindings } from './env';
import { retryPending } from './forms/delivery';

const app = createApp();
const testApp = createApp({ testRoutes: true });

export default {
  fetch(request, env, ctx) {
    return (env.ENVIRONMENT === 'test' ? testApp : app).fetch(request, env, ctx);
  },
  /** The cron trigger of wrangler.toml: mail that could not be sent yet. */
  async scheduled(controller, env) {
    const { tried, sent } = await retryPending(env, readConfig(env), new Date(controller.scheduledTime));
    if (tried > 0) console.log(`Outbox: ${sent} of ${tried} due submission(s) delivered`);
  },
} satisfies ExportedHandler<Bindings>;
