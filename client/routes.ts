import type { Locale } from './i18n';

/**
 * THE route table: one entry per screen of the site (spec §2, plus the
 * translation and design service pages). Every entry exists in French (no
 * prefix) and English (`/en` prefix). The Worker mounts pages, builds the
 * sitemap and picks the layout from this data alone.
 */
export type Layout = 'site' | 'bare';

/** Key under `meta.*` in locales/*.json holding `title` and `description`. */
export type MetaKey =
  | 'home'
  | 'team'
  | 'login'
  | 'register'
  | 'myjob'
  | 'events'
  | 'contact'
  | 'privacy'
  | 'linktree'
  | 'portfolio'
  | 'jobs'
  | 'job'
  | 'news'
  | 'article'
  | 'digital'
  | 'economy'
  | 'engineering'
  | 'translation'
  | 'design'
  | 'tv'
  | 'recruit'
  | 'signatureGenerator'
  | 'signatureGeneratorPhone';

export interface RouteDef {
  /** Stable id; also the key of the page component in client/pages. */
  readonly id: string;
  /** Canonical lower-case path without the locale prefix; `:param` for a segment. */
  readonly path: string;
  readonly layout: Layout;
  readonly meta: MetaKey;
  /** Listed in /sitemap.xml (dynamic routes list one URL per collection entry). */
  readonly sitemap: boolean;
  /** Dynamic routes resolve their parameter against this content collection. */
  readonly collection?: 'jobs' | 'news';
  /** The listing this page belongs to: the header marks it while the page is open. */
  readonly under?: string;
}

export const routes = [
  { id: 'home', path: '/', layout: 'site', meta: 'home', sitemap: true },
  { id: 'team', path: '/team', layout: 'site', meta: 'team', sitemap: true },
  { id: 'login', path: '/login', layout: 'site', meta: 'login', sitemap: false },
  { id: 'register', path: '/register', layout: 'site', meta: 'register', sitemap: false },
  { id: 'myjob', path: '/myjob', layout: 'site', meta: 'myjob', sitemap: false },
  { id: 'events', path: '/events', layout: 'site', meta: 'events', sitemap: true },
  { id: 'contact', path: '/contact', layout: 'site', meta: 'contact', sitemap: true },
  { id: 'privacy', path: '/privacy', layout: 'site', meta: 'privacy', sitemap: true },
  { id: 'linktree', path: '/linktree', layout: 'site', meta: 'linktree', sitemap: false },
  { id: 'portfolio', path: '/portfolio', layout: 'site', meta: 'portfolio', sitemap: true },
  { id: 'jobs', path: '/jobs', layout: 'site', meta: 'jobs', sitemap: true },
  { id: 'job', path: '/jobs/:name', layout: 'site', meta: 'job', sitemap: true, collection: 'jobs', under: 'jobs' },
  { id: 'news', path: '/news', layout: 'site', meta: 'news', sitemap: true },
  { id: 'article', path: '/news/:id', layout: 'site', meta: 'article', sitemap: true, collection: 'news', under: 'news' },
  { id: 'digital', path: '/services/digital', layout: 'site', meta: 'digital', sitemap: true },
  { id: 'economy', path: '/services/economy', layout: 'site', meta: 'economy', sitemap: true },
  { id: 'engineering', path: '/services/engineering', layout: 'site', meta: 'engineering', sitemap: true },
  { id: 'translation', path: '/services/translation', layout: 'site', meta: 'translation', sitemap: true },
  { id: 'design', path: '/services/design', layout: 'site', meta: 'design', sitemap: true },
  { id: 'tv', path: '/tools/tv', layout: 'bare', meta: 'tv', sitemap: false },
  { id: 'recruit', path: '/tools/recruit', layout: 'bare', meta: 'recruit', sitemap: false },
  { id: 'signatureGenerator', path: '/tools/signature-generator', layout: 'bare', meta: 'signatureGenerator', sitemap: false },
  {
    id: 'signatureGeneratorPhone',
    path: '/tools/signature-generator-phone',
    layout: 'bare',
    meta: 'signatureGeneratorPhone',
    sitemap: false,
  },
] as const satisfies readonly RouteDef[];

export type Route = (typeof routes)[number];
export type RouteId = Route['id'];

/** `/team` + en -> `/en/team`; `/` + en -> `/en`. */
export function localizePath(path: string, locale: Locale): string {
  if (locale === 'fr') return path;
  return path === '/' ? '/en' : `/en${path}`;
}

/** Fills `:param` segments: `pathFor('/jobs/:name', { name: 'x' })` -> `/jobs/x`. */
export function fillPath(path: string, params: Record<string, string> = {}): string {
  return path.replace(/:([a-z]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing route parameter "${name}" for ${path}`);
    return encodeURIComponent(value);
  });
}

export function routeById(id: RouteId): Route {
  const route = routes.find((r) => r.id === id);
  if (!route) throw new Error(`Unknown route ${id}`);
  return route;
}

/** Localized href of a route: `href('team', 'en')` -> `/en/team`. */
export function href(id: RouteId, locale: Locale, params?: Record<string, string>): string {
  return localizePath(fillPath(routeById(id).path, params), locale);
}
