import { type ComponentProps, type ComponentType, createElement, use, useId } from 'react';
import { type IslandName, islandComponents } from '#build/islands.ts';
import { type PageContextValue, usePage } from './page-context';
import { keptMarkupOf, type MarkupCache } from './static-markup';

type IslandProps<N extends IslandName> = ComponentProps<(typeof islandComponents)[N]>;

/** Each island's markup, by page render and prefix: React renders the island again once its markup is ready, and must find the same promise. */
const markups: MarkupCache = new WeakMap();
/** The prefix of each page render's first island, which the script holding early taps precedes. */
const firsts = new WeakMap<PageContextValue, string>();

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
 * The page's first island is preceded by the small inline script that holds
 * what the visitor taps or sends in any island before it hydrates
 * (client/runtime/intents.ts): it runs before an island can be touched.
 *
 * @example
 *   <Island name="SignatureGenerator" props={{ variant: 'html', labels, org, initial }} />
 */
export function Island<N extends IslandName>({ name, props }: { name: N; props: IslandProps<N> }) {
  const page = usePage();
  const id = useId();
  const prefix = `${name}-${id.replace(/[^a-zA-Z0-9]/g, '')}-`;
  // Islands render in document order; one that suspends renders again with the same prefix.
  if (!firsts.has(page)) firsts.set(page, prefix);
  const first = firsts.get(page) === prefix;
  // Rendered on its own: an island is plain state and markup (nothing to
  // wait for but React itself), and its HTML goes into the page as it is.
  const component = islandComponents[name] as ComponentType<object>;
  const html = use(keptMarkupOf(markups, page, prefix, () => createElement(component, props as object), prefix));

  const chunk = page.assets.islands[name];
  if (!chunk) throw new Error(`Island ${name} is missing from the build manifest: run npm run build`);
  const { entry } = page.assets;
  const preload = [...new Set([...entry.imports, chunk.file, ...chunk.imports])];
  return (
    <>
      {first && (
        // biome-ignore lint/security/noDangerouslySetInnerHtml: the build's own script, allowed by its CSP hash.
        <script dangerouslySetInnerHTML={{ __html: page.assets.intents.code }} />
      )}
      <div
        className="island"
        data-module={entry.file}
        data-preload={preload.join(' ')}
        data-island={name}
        data-prefix={prefix}
        data-props={JSON.stringify(props)}
        // biome-ignore lint/security/noDangerouslySetInnerHtml: React's own rendering of the island, escaped by React.
        dangerouslySetInnerHTML={{ __html: html }}
      />
    </>
  );
}
