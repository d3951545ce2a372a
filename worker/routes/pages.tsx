import type { Context } from 'hono';
import { router } from '../lib/router';
import { every } from 'hono/combine';
import { etag } from 'hono/etag';
import { createElement } from 'react';
import { createTranslator, type Locale, type Translate } from '#client/i18n.ts';
import { pages } from '#client/pages/index.ts';
import { localizePath, routes, type MetaKey, type Route } from '#client/routes.ts';
import type { AppEnv } from '../env';
import { languageChoice } from '../middleware/locale';
import { pageCache } from '../middleware/page-cache';
import { renderDocument } from '../render/render';
import { speculation } from './speculation';
import { loadPage } from './loaders';

/**
 * Every screen of the route table, in French and under /en (HEAD too: Hono
 * answers it from GET): first-visit language and cookie -> prefetch headers
 * -> ETag check -> page cache -> loader (content) -> SSR. Unknown entries of a
 * collection answer 404.
 */
export function pageRoutes() {
  const app = router<AppEnv>();
  // One router entry per page for the four steps, not four: fewer routes to
  // add at an isolate's start and to walk at each request (lib/router.ts).
  const chain = every(languageChoice(), speculation(), etag(), pageCache());
  for (const route of routes) {
    const handler = (c: Context<AppEnv>) => renderRoute(c, route);
    app.get(route.path, chain, handler);
    app.get(localizePath(route.path, 'en'), chain, handler);
  }
  return app;
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
) {
  // A failed form post answers on /api/*: the page is the form's, in the language the form said.
  const { locale, t, path } = as ? { locale: as.locale, t: createTranslator(as.locale), path: route.path } : c.var;
  const loaded = loadPage(route.id, { params: c.req.param() as Record<string, string>, query: new URL(c.req.url).searchParams, locale, t, config: c.var.config, now: new Date() });
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
