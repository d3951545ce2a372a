import manifestJSON from '__STATIC_CONTENT_MANIFEST';
import { lazy } from './lazy';

/** The [site] bucket's files (Workers Sites): path in dist/public -> KV key, which wrangler suffixes with a content hash. Read on first use. */
const staticFiles = lazy(() => JSON.parse(manifestJSON) as Record<string, string>);

/** The KV key of a file of dist/public (`images/logo.svg`), or undefined: only the manifest's own entries (`constructor` is no file). */
export function staticKey(file: string): string | undefined {
  const files = staticFiles();
  return Object.hasOwn(files, file) ? files[file] : undefined;
}
