import type { Context } from 'hono';
import { every } from 'hono/combine';
import { createElement } from 'react';
import { createTranslator, type Locale, type Translate } from '#client/i18n.ts';
import { pages } from '#client/pages/index.ts';
import { type MetaKey, type Route, routes } from '#client/routes.ts';
import type { AppEnv } from '../../env';
import { lazy } from '../../lib/lazy';
import { router } from '../../lib/router';
import { renderDocument } from '../../render/render';
import { loadPage } from '../loaders';
import { pageSteps } from './steps';

/**
 * Every screen of the route table, in French and under /en (HEAD too: Hono
 * answers it from GET): first-visit language and cookie -> prefetch headers
 * -> ETag check -> page cache -> loader (content) -> SSR. Unknown entries of a
 * collection answer 404; a path that is no page goes on to the short links.
 *
 * One router entry for all pages, looked up here by path (the URL's language
 * prefix is already off, middleware/locale.ts): at an isolate's start, Hono
 * then adds one route instead of ninety, and walks one at each request.
 */
export function pageRoutes() {
  const app = router<AppEnv>();
  const chain = every(...pageSteps());
  app.get('*', async (c, next) => {
    const found = findPage(c.var.path);
    if (!found) return next();
    await chain(c, async () => {
      c.res = await renderRoute(c, found.route, undefined, found.params);
    });
    return c.res;
  });
  return app;
}

/** Pages by path; the few with a `:param` are matched in order. */
const table = lazy(() => {
  const byPath = new Map<string, Route>();
  const withParams: { route: Route; pattern: RegExp; names: string[] }[] = [];
  for (const route of routes) {
    const names = [...route.path.matchAll(/:([a-z]+)/g)].map((m) => m[1]!);
    if (names.length === 0) byPath.set(route.path, route);
    else withParams.push({ route, names, pattern: new RegExp(`^${route.path.replace(/:[a-z]+/g, '([^/]+)')}$`) });
  }
  return { byPath, withParams };
});

/** The page at an unprefixed path (`/jobs/x`), with its parameters decoded as Hono decodes them. */
function findPage(path: string): { route: Route; params: Record<string, string> } | undefined {
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

/** Title and description of a page that is not about one collection entry. */
function staticMeta(key: MetaKey, t: Translate) {
  if (key === 'job' || key === 'article') throw new Error(`The ${key} loader must give the page its title and description`);
  return { title: t(`meta.${key}.title`), description: t(`meta.${key}.description`) };
}

/**
 * Renders one screen. A form post that fails answers with its page again
 * (`as`: the route, the visitor's locale, the form's state and status 400).
 */
export async function renderRoute<E extends AppEnv>(
  c: Context<E>,
  route: Route,
  as?: { locale: Locale; extra: Record<string, unknown>; status: 400 | 413 | 415 | 429 | 503 },
  params: Record<string, string> = {},
) {
  // A failed form post answers on /api/*: the page is the form's, in the language the form said.
  const { locale, t, path } = as ? { locale: as.locale, t: createTranslator(as.locale), path: route.path } : c.var;
  const loaded = loadPage(route.id, { params, query: new URL(c.req.url).searchParams, locale, t, config: c.var.config, now: new Date() });
  if (!loaded) return c.notFound();
  const Page = pages[route.id] as React.ComponentType<{ data: unknown }>;
  return renderDocument(c, {
    status: as?.status ?? loaded.status ?? 200,
    locale,
    t,
    route: route.id,
    path,
    layout: route.layout,
    meta: {
      ...(loaded.meta ?? staticMeta(route.meta, t)),
      jsonLd: loaded.jsonLd,
      fullTitle: route.id === 'home',
      robots: route.layout === 'bare' ? 'noindex' : loaded.robots,
    },
    body: createElement(Page, { data: { ...loaded.data, ...as?.extra } }),
  });
}
