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
export async function markupOf(node: ReactNode, identifierPrefix?: string): Promise<string> {
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
