import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../../env';
import { SPECULATION_RULES_PATH, savesData } from './speculation-rules';

/**
 * On each page response (outside the page cache, as it depends on the
 * visitor's Save-Data): the Speculation-Rules header, unless the visitor saves
 * data, and Accept-CH so the browser's next requests, the rules file's
 * included, say how fast its connection is.
 */
export function speculation(): MiddlewareHandler<AppEnv> {
  return async function speculation(c, next) {
    await next();
    if (!c.res.headers.get('Content-Type')?.startsWith('text/html')) return;
    c.res.headers.set('Accept-CH', 'ECT, Save-Data');
    c.res.headers.append('Vary', 'Save-Data');
    if (!savesData(c.req.raw.headers)) c.res.headers.set('Speculation-Rules', `"${SPECULATION_RULES_PATH}"`);
  };
}
