import type { AnyPage, Layout } from './page';
import { pages } from './pages';
import { PAGE_PATHS, type PageId } from './paths';

/** A page of client/pages/ with its id and its settings resolved. */
export interface Route {
  id: PageId;
  path: string;
  layout: Layout;
  /** Listed in /sitemap.xml: `site` pages unless they say otherwise. */
  sitemap: boolean;
  under?: PageId | undefined;
  page: AnyPage;
}

/** Every page, in the registry's order (client/pages/index.ts), its path from PAGE_PATHS. */
export const routes: readonly Route[] = (Object.keys(pages) as PageId[]).map((id) => {
  const page = pages[id];
  const layout = page.layout ?? 'site';
  return { id, path: PAGE_PATHS[id], layout, sitemap: layout === 'site' && page.sitemap !== false, under: page.under, page };
});
