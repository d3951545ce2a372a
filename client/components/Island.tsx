import { createElement, useId, type ComponentProps, type ComponentType } from 'react';
import { renderToString } from 'react-dom/server.edge';
import { islandComponents, type IslandName } from '../islands';
import { usePage } from './page-context';

type IslandProps<N extends IslandName> = ComponentProps<(typeof islandComponents)[N]>;

/**
 * Renders an interactive component on the server and marks it for hydration.
 *
 * The island is rendered as its own React root, with its own identifierPrefix,
 * exactly as client/entry.ts will hydrate it, so `useId` agrees on both sides.
 * Its props travel as JSON in `data-props` (React escapes the attribute).
 * For the page's boot script (client/runtime/boot.ts), `data-module` names the
 * islands' entry and `data-preload` the chunks it will need for this island:
 * a page without islands loads no framework JavaScript at all. Nothing is
 * preloaded from the head, so the scripts never compete with the first paint.
 *
 * @example
 *   <Island name="SignatureGenerator" props={{ variant: 'html', labels, org, initial }} />
 */
export function Island<N extends IslandName>({ name, props }: { name: N; props: IslandProps<N> }) {
  const page = usePage();
  const id = useId();
  const prefix = `${name}-${id.replace(/[^a-zA-Z0-9]/g, '')}-`;
  // Rendered to a string, synchronously: an island is plain state and markup
  // (nothing to wait for), and its HTML goes into the page as it is.
  const component = islandComponents[name] as ComponentType<object>;
  const html = renderToString(createElement(component, props as object), { identifierPrefix: prefix });

  const chunk = page.assets.islands[name];
  if (!chunk) throw new Error(`Island ${name} is missing from the build manifest: run npm run build`);
  const { entry } = page.assets;
  const preload = [...new Set([...entry.imports, chunk.file, ...chunk.imports])];
  return (
    <div
      className="island"
      data-module={entry.file}
      data-preload={preload.join(' ')}
      data-island={name}
      data-prefix={prefix}
      data-props={JSON.stringify(props)}
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
