import type { Locale } from './i18n';
import type { Layout, Page } from './page';
import { type PageId, pages } from './pages';
import { fillPath, localizePath } from './paths';

export type { PageId };

/** A page whatever its data: each page's loader and component agree (definePage checks it), the registry forgets how. */
// biome-ignore lint/suspicious/noExplicitAny: the data type is checked per page, in definePage.
type AnyPage = Page<any>;

/** A page of client/pages/ with its id and its settings resolved. */
export interface Route {
  id: PageId;
  path: string;
  layout: Layout;
  /** Listed in /sitemap.xml: `site` pages unless they say otherwise. */
  sitemap: boolean;
  under?: string;
  page: AnyPage;
}

let table: Route[] | undefined;
/** Every page, in the registry's order (made at first use: pages import components that import `href`). */
export function routes(): Route[] {
  table ??= Object.entries(pages as Record<string, AnyPage>).map(([id, page]) => {
    const layout = page.layout ?? 'site';
    return { id: id as PageId, path: page.path, layout, sitemap: layout === 'site' && page.sitemap !== false, under: page.under, page };
  });
  return table;
}

/** Localized href of a page: `href('team', 'en')` -> `/en/team`; `href('job', 'fr', { name: 'x' })` -> `/jobs/x`. */
export function href(id: PageId, locale: Locale, params?: Record<string, string>): string {
  return localizePath(fillPath(pages[id].path, params), locale);
}
