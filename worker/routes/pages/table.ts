import built from '#build/pages.js';
import type { Locale } from '#client/locales.ts';
import type { Layout } from '#client/page.ts';
import type { PageId } from '#client/routes.ts';
import { lazy } from '../../lib/lazy';

/**
 * The pages as the build saw them (dist/pages.js, written by
 * scripts/prerender.mjs): every route, what each one reads of a query string,
 * and the documents rendered ahead, by settings and day. The request path
 * reads this, never client/pages/ itself, whose components (and React) load
 * only when a page must be rendered for the request (docs/decisions/0017).
 */
interface RouteInfo {
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

export const pagesBuilt: BuiltPages = built;

/** A page's key in `configs`: its language and unprefixed path. */
export const builtKey = (locale: Locale, path: string) => `${locale} ${path}`;

/** Every page route, in the registry's order. */
export const routeTable = (): RouteInfo[] => pagesBuilt.routes;

/** Pages by path; the few with a `:param` are matched in order. */
const table = lazy(() => {
  const byPath = new Map<string, RouteInfo>();
  const withParams: { route: RouteInfo; pattern: RegExp; names: string[] }[] = [];
  for (const route of routeTable()) {
    const { path } = route;
    const names = [...path.matchAll(/:([a-z]+)/g)].map((m) => m[1]!);
    if (names.length === 0) byPath.set(path, route);
    else withParams.push({ route, names, pattern: new RegExp(`^${path.replace(/:[a-z]+/g, '([^/]+)')}$`) });
  }
  return { byPath, withParams };
});

/** The page at an unprefixed path (`/jobs/x`), with its parameters decoded as Hono decodes them. */
export function findPage(path: string): { route: RouteInfo; params: Record<string, string> } | undefined {
  const { byPath, withParams } = table();
  const route = byPath.get(path);
  if (route) return { route, params: {} };
  for (const { route, pattern, names } of withParams) {
    const match = pattern.exec(path);
    if (match) return { route, params: Object.fromEntries(names.map((name, i) => [name, decodeParam(match[i + 1]!)])) };
  }
  return undefined;
}

function decodeParam(value: string): string {
  if (!value.includes('%')) return value;
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
