import type { ReactNode } from 'react';
import { renderToReadableStream } from './react-server.cjs';

/**
 * The markup of a tree rendered as its own root, for a component to read
 * with `use()`. It goes through the streaming renderer the pages use: React's
 * other server renderer (renderToString) is a second copy of React's server,
 * 100 KB that every cold isolate would parse (docs/performance.md).
 *
 * The tree must not suspend on anything slow: there is nothing to wait for
 * but React's own microtasks. An error rejects the promise, and `use()`
 * throws it into the page, which answers 500 as for any render error.
 */
async function markupOf(node: ReactNode, identifierPrefix?: string): Promise<string> {
  const stream = await renderToReadableStream(node, {
    ...(identifierPrefix ? { identifierPrefix } : {}),
    // The rejection carries the error to the page's render, which logs it once.
    onError() {},
  });
  await stream.allReady;
  // Read by hand: a Response's text() is more machinery than one small stream needs.
  const reader = stream.getReader();
  const decoder = new TextDecoder();
  let markup = '';
  for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) markup += decoder.decode(chunk.value, { stream: true });
  return markup + decoder.decode();
}

/** Markups by what they belong to (a page render, the settings) and a key. */
export type MarkupCache = WeakMap<object, Map<string, Promise<string>>>;

/**
 * `markupOf` made once per `owner` and `key`, then shared: a component that
 * suspended on its markup renders again and must find the same promise, and
 * a markup that is the same for many pages is rendered once. A failed render
 * is not kept: the next one tries again.
 */
export function keptMarkupOf(
  cache: MarkupCache,
  owner: object,
  key: string,
  node: () => ReactNode,
  identifierPrefix?: string,
): Promise<string> {
  let byKey = cache.get(owner);
  if (!byKey) {
    byKey = new Map();
    cache.set(owner, byKey);
  }
  let markup = byKey.get(key);
  if (!markup) {
    markup = markupOf(node(), identifierPrefix);
    markup.catch(() => byKey.delete(key));
    byKey.set(key, markup);
  }
  return markup;
}
