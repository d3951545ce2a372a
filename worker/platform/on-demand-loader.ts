import { lazyUntilFailure } from '#client/lazy.ts';
import { loadSiteData, type SiteBucket } from './site-data';

/**
 * The code a page rendered ahead never needs (worker/on-demand.ts), loaded by
 * the first request of an isolate that does: a separate module of the
 * Worker, parsed and run only then. The content and messages it renders are
 * read first from the [site] bucket (`env`'s, ./site-data.ts: one KV read and
 * one JSON.parse), so that the module finds them when it runs.
 *
 * Each request reads the data itself until one has it held: workerd ties a
 * read to the request that started it, and a request waiting on another's
 * read would fail if that one ended first. Only the import, which does no
 * I/O, is shared. A failed load (a missing data file included) is not kept:
 * the next request tries again.
 */
const load = lazyUntilFailure(() => import('../on-demand'));

export async function onDemand(env: SiteBucket): Promise<typeof import('../on-demand')> {
  await loadSiteData(env);
  return load();
}
