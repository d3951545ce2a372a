/**
 * Values made on first use: the one way the site keeps them, in the Worker
 * and in the browser alike. For what a cold start would otherwise build
 * before the first request whether or not that request needs it: schemas,
 * apps, formatters, tables (docs/performance.md, "What keeps startup fast").
 *
 * - `lazy(make)`: one value, made at the first call, then kept.
 * - `lazyUntilFailure(make)`: a promise, kept unless it rejects; the next
 *   call tries again (a module or a script that failed to load).
 * - `perKey(make)`: one value per key, made at the key's first call. An
 *   object key (a Worker's `env`, its settings) holds its value as long as
 *   the object lives; a text key (a language) keeps it.
 *
 * Kept by hand, on purpose, and said so where they are: the bucket's data
 * file (worker/platform/site-data.ts), which each request reads itself until
 * one has it, since workerd ties a read to the request that started it; the
 * page's settings (worker/render/settings.ts), whose picked object is its own
 * key; and the markup an island or the footer renders
 * (client/components/static-markup.ts), by page render and key, a failed one
 * not kept.
 *
 * @example const schema = lazy(() => z.object({ … })); schema().safeParse(input);
 */
export function lazy<T>(make: () => T): () => T {
  let made = false;
  let value: T;
  return () => {
    if (!made) {
      value = make();
      made = true;
    }
    return value;
  };
}

export function lazyUntilFailure<T>(make: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | undefined;
  return () =>
    (pending ??= make().catch((error: unknown) => {
      pending = undefined;
      throw error;
    }));
}

export function perKey<K extends object | string, V>(make: (key: K) => V): (key: K) => V {
  const byObject = new WeakMap<object, V>();
  const byText = new Map<string, V>();
  return (key) => {
    const held = typeof key === 'string' ? byText : byObject;
    if (held.has(key as never)) return held.get(key as never) as V;
    const value = make(key);
    held.set(key as never, value);
    return value;
  };
}
