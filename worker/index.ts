import { createApp } from './app';
import type { Bindings } from './env';

const app = createApp();
const testApp = createApp({ testRoutes: true });

export default {
  fetch(request, env, ctx) {
    return (env.ENVIRONMENT === 'test' ? testApp : app).fetch(request, env, ctx);
  },
} satisfies ExportedHandler<Bindings>;
