import manifestJSON from '__STATIC_CONTENT_MANIFEST';
import { lazy } from './lazy';

/** The [site] bucket's files (Workers Sites): path in dist/public -> KV key, which wrangler suffixes with a content hash. Read on first use. */
export const staticFiles = lazy(() => JSON.parse(manifestJSON) as Record<string, string>);
