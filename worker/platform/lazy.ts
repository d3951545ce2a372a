/**
 * A value built on first use, then kept for the isolate's life. For what a
 * cold start would otherwise build before the first request whether or not
 * that request needs it: zod schemas, the apps, formatters
 * (docs/performance.md, "What keeps startup fast").
 *
 * @example const schema = lazy(() => z.object({ … })); schema().safeParse(input);
 */
export function lazy<T>(build: () => T): () => T {
  let value: T | undefined;
  let built = false;
  return () => {
    if (!built) {
      value = build();
      built = true;
    }
    return value as T;
  };
}
