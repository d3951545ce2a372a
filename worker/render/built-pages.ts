import type { Layout } from '#client/page.ts';
import type { PageId } from '#client/paths.ts';

/**
 * The pages as the build saw them (dist/pages.js, written by
 * scripts/prerender.mjs): every route, what each one reads of a query string,
 * and the documents rendered ahead, by settings and day. The request path
 * reads this, never client/pages/ itself, whose components (and React) load
 * only when a page must be rendered for the request (docs/decisions/0017).
 */
export interface RouteInfo {
  id: PageId;
  path: string;
  layout: Layout;
  /** Listed in /sitemap.xml. */
  sitemap: boolean;
}

/** `[first day, status, file]`: from that Lausanne day on, the page is that file of dist/public/_pages/. */
export type BuiltVariant = [day: string, status: number, file: string];

export interface BuiltPages {
  routes: RouteInfo[];
  /** Each form's endpoint. */
  forms: { name: string; endpoint: string }[];
  /** By page id, the query parameters its document depends on; `*`: any. */
  query: Record<string, string[] | '*'>;
  /** The days the documents below cover: from the build's day up to, not including, `until`. */
  from: string;
  /** Every day a page may change on, as the build worked them out (scripts/prerender.mjs), the first being `from`. */
  days: string[];
  until: string;
  /**
   * By settings fingerprint (worker/render/settings.ts), then by `<locale> <path>`
   * (`en /team`; `fr 404` and `fr 500` for the error pages): the page's variants, oldest first.
   */
  configs: Record<string, Record<string, BuiltVariant[]>>;
  /** By the same fingerprint, the settings themselves (worker/render/settings.ts settingsText): a fingerprint alone could match other settings. */
  settings: Record<string, string>;
}
