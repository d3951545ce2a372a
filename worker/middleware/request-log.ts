import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../env';
import { logger, pathAsSent } from '../platform/log';

/** Cloudflare's own id for the request (`CF-Ray: 8f1c2a3b4d5e6f70-ZRH`), when it is one. */
const RAY = /^[0-9a-f]{16}(?:-[A-Z]{3})?$/;

/**
 * First in the chain: the request's id (Cloudflare's ray id, so a log line
 * can be matched with Cloudflare's own records, or a fresh UUID) and a logger
 * that puts it, the method and the path as sent on every event it logs
 * (worker/platform/log.ts).
 */
export function requestLog(): MiddlewareHandler<AppEnv> {
  return async function requestLog(c, next) {
    const ray = c.req.header('CF-Ray');
    const requestId = ray && RAY.test(ray) ? ray : crypto.randomUUID();
    c.set('requestId', requestId);
    c.set('log', logger({ requestId, method: c.req.method, ...pathAsSent(c.req.url) }));
    await next();
  };
}
