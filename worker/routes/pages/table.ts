import built from '#build/pages.js';
import { lazy } from '#client/lazy.ts';
import type { Locale } from '#client/locales.ts';
import type { BuiltPages, RouteInfo } from '../../render/built-pages';

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
