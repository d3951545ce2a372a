import { loadSiteData, type SiteBucket } from './site-data';

/**
 * The code a page rendered ahead never needs (worker/on-demand.ts), loaded by
 * the first request of an isolate that does: a separate module of the
 * Worker, parsed and run only then. The content and messages it renders are
 * read first from the [site] bucket (`env`'s, ./site-data.ts: one KV read and
 * one JSON.parse), so that the module finds them when it runs. A failed load
 * (a missing data file included) is not kept: the next request tries again.
 */
let loading: Promise<typeof import('../on-demand')> | undefined;

export function onDemand(env: SiteBucket): Promise<typeof import('../on-demand')> {
  loading ??= loadSiteData(env)
    .then(() => import('../on-demand'))
    .catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
  return loading;
}
