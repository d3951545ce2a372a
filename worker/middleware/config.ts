import type { MiddlewareHandler } from 'hono';
import { type AppEnv, readConfig } from '../env';

/** Validates wrangler.toml [vars] (once per isolate) and exposes them as `c.var.config`. */
export function config(): MiddlewareHandler<AppEnv> {
  return async function config(c, next) {
    c.set('config', readConfig(c.env));
    await next();
  };
}
