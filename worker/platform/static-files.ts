import manifestJSON from '__STATIC_CONTENT_MANIFEST';
import { lazy } from '#client/lazy.ts';

/**
 * The [site] bucket's files (Workers Sites): path in dist/public -> KV key,
 * which wrangler suffixes with a content hash, in the JSON text wrangler
 * gives the Worker. A request needs one entry of a few hundred: it is found
 * in the text (`"images/logo.svg":"images/logo.0123456789.svg"`), where a key
 * can only be a quoted string followed by a colon, right after `{` or `,`;
 * the whole text is parsed only if it is not written that way.
 */
const parsed = lazy(() => JSON.parse(manifestJSON) as Record<string, string>);
/** Whether the text is written as wrangler writes it (no space anywhere between tokens): only then does a search find every entry. */
const compact = lazy(() => /^\{"[^"]*":"/.test(manifestJSON) && !/":\s|,\s"/.test(manifestJSON));

/** The KV key of a file of dist/public (`images/logo.svg`), or undefined: only the manifest's own entries (`constructor` is no file). */
export function staticKey(file: string): string | undefined {
  if (compact()) {
    const needle = `${JSON.stringify(file)}:"`;
    const at = manifestJSON.indexOf(needle);
    if (at === -1) return undefined;
    if (manifestJSON[at - 1] === '{' || manifestJSON[at - 1] === ',') {
      const start = at + needle.length;
      const end = manifestJSON.indexOf('"', start);
      const key = manifestJSON.slice(start, end);
      // No escape in it (file names here have none): the text is the key.
      if (end !== -1 && !key.includes('\\')) return key;
    }
  }
  const files = parsed();
  return Object.hasOwn(files, file) ? files[file] : undefined;
}
