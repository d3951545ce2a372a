import { createElement, use, useId, type ComponentProps, type ComponentType, type ReactNode } from 'react';
import { preloadModule } from 'react-dom';
import { renderToReadableStream } from 'react-dom/server.edge';
import { islandComponents, type IslandName } from '../islands';
import { usePage } from './page-context';

type IslandProps<N extends IslandName> = ComponentProps<(typeof islandComponents)[N]>;

/**
 * Renders an interactive component on the server and marks it for hydration.
 *
 * The island is rendered as its own React root, with its own identifierPrefix,
 * exactly as client/entry.ts will hydrate it, so `useId` agrees on both sides.
 * Its props travel as JSON in `data-props` (React escapes the attribute). The
 * page head gets `modulepreload` links for the entry and this island's chunks
 * only: a page without islands loads no JavaScript at all.
 *
 * @example
 *   <Island name="SignatureGenerator" props={{ variant: 'html', labels, org, initial }} />
 */
export function Island<N extends IslandName>({ name, props }: { name: N; props: IslandProps<N> }) {
  const page = usePage();
  const id = useId();
  const prefix = `${name}-${id.replace(/[^a-zA-Z0-9]/g, '')}-`;
  let pending = page.islandHtml.get(id);
  if (!pending) {
    const component = islandComponents[name] as ComponentType<object>;
    pending = renderRoot(createElement(component, props as object), prefix);
    page.islandHtml.set(id, pending);
  }
  const html = use(pending);

  const chunk = page.assets.islands[name];
  if (!chunk) throw new Error(`Island ${name} is missing from the build manifest: run npm run build`);
  const { entry } = page.assets;
  for (const file of new Set([entry.file, ...entry.imports, chunk.file, ...chunk.imports])) {
    preloadModule(file, { as: 'script', nonce: page.nonce });
  }
  return (
    <>
      <script type="module" src={entry.file} nonce={page.nonce} />
      <div
        className="island"
        data-island={name}
        data-prefix={prefix}
        data-props={JSON.stringify(props)}
        dangerouslySetInnerHTML={{ __html: html }}
      />
    </>
  );
}

async function renderRoot(node: ReactNode, identifierPrefix: string): Promise<string> {
  const stream = await renderToReadableStream(node, { identifierPrefix });
  await stream.allReady;
  return new Response(stream).text();
}
