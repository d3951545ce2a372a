import type { Env } from 'hono';
import { HonoBase } from 'hono/hono-base';
import { LinearRouter } from 'hono/router/linear-router';

/**
 * Every Hono app of the Worker: Hono's base class with the LinearRouter,
 * which does nothing when a route is added and matches by walking the list.
 * Most requests the site gets are an isolate's first: Hono's default router
 * compiles one regular expression of all ~340 routes at the first match
 * (5 ms of a cold start here), and the `hono` entry bundles three routers.
 */
export const router = <E extends Env>() => new HonoBase<E>({ router: new LinearRouter() });
