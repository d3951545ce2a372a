import type { Locale } from './i18n';

/**
 * Each page's address, by its id (client/pages/<id>.tsx): the canonical
 * lower-case path without the language prefix, `:name` for a segment. The
 * one place a page's path is written. Links (`href`) read it here, so a
 * component that links to a page never loads the pages, which import the
 * components: the modules of client/ import one way (tests/node/boundaries.test.ts).
 */
export const PAGE_PATHS = {
  home: '/',
  team: '/team',
  login: '/login',
  register: '/register',
  myjob: '/myjob',
  events: '/events',
  contact: '/contact',
  privacy: '/privacy',
  linktree: '/linktree',
  portfolio: '/portfolio',
  jobs: '/jobs',
  job: '/jobs/:name',
  news: '/news',
  article: '/news/:id',
  digital: '/services/digital',
  economy: '/services/economy',
  engineering: '/services/engineering',
  translation: '/services/translation',
  design: '/services/design',
  tv: '/tools/tv',
  recruit: '/tools/recruit',
  signatureGenerator: '/tools/signature-generator',
  signatureGeneratorPhone: '/tools/signature-generator-phone',
} as const;

/** A page of the site: its module's name in client/pages/, and its `meta.<id>` strings. */
export type PageId = keyof typeof PAGE_PATHS;

/** Localized href of a page: `href('team', 'en')` -> `/en/team`; `href('job', 'fr', { name: 'x' })` -> `/jobs/x`. */
export function href(id: PageId, locale: Locale, params?: Record<string, string>): string {
  return localizePath(fillPath(PAGE_PATHS[id], params), locale);
}

/** `/team` + en -> `/en/team`; `/` + en -> `/en`. French has no prefix. */
export function localizePath(path: string, locale: Locale): string {
  if (locale === 'fr') return path;
  return path === '/' ? '/en' : `/en${path}`;
}

/** Fills `:param` segments: `fillPath('/jobs/:name', { name: 'x' })` -> `/jobs/x`. */
export function fillPath(path: string, params: Record<string, string> = {}): string {
  return path.replace(/:([a-z]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing route parameter "${name}" for ${path}`);
    return encodeURIComponent(value);
  });
}
