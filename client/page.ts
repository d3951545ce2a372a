import type { ComponentType } from 'react';
import type { PageConfig } from './components/page-context';
import type { Locale, Translate } from './i18n';
import type { PageId } from './paths';

/** What a page's loader is given: the request, in the page's language. */
interface LoadContext {
  /** The path's `:name` segments, decoded. */
  params: Record<string, string>;
  query: URLSearchParams;
  locale: Locale;
  t: Translate;
  config: PageConfig;
  /**
   * Noon of the Lausanne day the page is for (worker/render/settings.ts):
   * the day decides which offers and events show, and a page is the same at
   * every hour of it, so the build can render it ahead (docs/decisions/0017).
   */
  now: Date;
}

/** What a loader hands back: the component's data, and what the page's head says about it. */
interface Loaded<Data> {
  data: Data;
  /** Title and description of a page about one entry; otherwise the page's `meta.<id>` strings. */
  meta?: { title: string; description: string };
  /** schema.org objects describing the page's entries. */
  jsonLd?: Record<string, unknown>[];
  /** 410 for an offer past its deadline: its page says so and points to the open ones. */
  status?: 410;
  robots?: 'noindex';
}

export type Layout = 'site' | 'bare';

/**
 * One screen of the site, in French (no prefix) and under /en. The module's
 * file name in client/pages/ is its id, its address that id's line of
 * PAGE_PATHS (client/paths.ts), and its title and description the
 * `meta.<id>` strings of locales/*.json (a loader may give its own).
 */
export interface Page<Data> {
  /** `bare`: a tool page without header and footer, never indexed. Default `site`. */
  layout?: Layout;
  /** Listed in /sitemap.xml; default true for `site` pages (`bare` ones never are). */
  sitemap?: boolean;
  /** The id of the listing this page belongs to: the header marks it while the page is open. */
  under?: PageId;
  /**
   * A page with a `:name` segment: the parameters of every entry it shows,
   * whatever the day (a closed offer's page too): the build renders each
   * ahead, and any other value is no page (404). Required with a `:name`.
   */
  every?: () => Record<string, string>[];
  /** A page with a `:name` segment: the parameters of each of its entries, for the sitemap. */
  entries?: (now: Date) => { params: Record<string, string>; lastmod: string }[];
  /**
   * Makes the page's data: at build time for each day the page may change on,
   * or for a request the build could not foresee. A pure function of its
   * context: the same day, language, settings and query give the same page.
   * `null` means the entry does not exist (404).
   */
  load?: (context: LoadContext) => Loaded<Data> | null;
  Component: ComponentType<{ data: Data }>;
}

/** Declares a page (types only: the object is the page). */
export function definePage<Data = Record<string, never>>(page: Page<Data>): Page<Data> {
  return page;
}

/** A page whatever its data: each page's loader and component agree (definePage checks it), the registry forgets how. */
// biome-ignore lint/suspicious/noExplicitAny: the data type is checked per page, in definePage.
export type AnyPage = Page<any>;
