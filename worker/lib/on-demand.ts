/**
 * The code a page rendered ahead never needs (worker/on-demand.ts), loaded by
 * the first request of an isolate that does: a separate module of the
 * Worker, parsed and run only then. A failed load is not kept: the next
 * request tries again.
 */
let loading: Promise<typeof import('../on-demand')> | undefined;

export function onDemand(): Promise<typeof import('../on-demand')> {
  loading ??= import('../on-demand').catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}
