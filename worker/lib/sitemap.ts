import { escapeHtml } from '#client/escape.ts';
import { locales } from '#client/i18n.ts';
import { fillPath, localizePath, routes } from '#client/routes.ts';
import { articles } from '#content/index.ts';
import { openJobs } from '#content/visible.ts';

export interface SitemapEntry {
  /** Unprefixed path, e.g. `/jobs/web-developer`. */
  path: string;
  lastmod: string;
}

/** Every indexable page: the sitemap routes, one entry per collection item (open offers only). */
export function sitemapEntries(buildDate: string, now: Date): SitemapEntry[] {
  const entries: SitemapEntry[] = [];
  for (const route of routes) {
    if (!route.sitemap) continue;
    if (route.id === 'job') {
      for (const job of openJobs(now)) entries.push({ path: fillPath(route.path, { name: job.id }), lastmod: job.published });
    } else if (route.id === 'article') {
      for (const a of articles) entries.push({ path: fillPath(route.path, { id: a.id }), lastmod: a.date });
    } else {
      entries.push({ path: route.path, lastmod: buildDate });
    }
  }
  return entries;
}

const xml = escapeHtml;

/** sitemaps.org XML: each page in both languages, each URL listing its hreflang alternates. */
export function sitemapXml(siteUrl: string, entries: SitemapEntry[]): string {
  const urls = entries.flatMap(({ path, lastmod }) => {
    const alternates = [
      ...locales.map((l) => `    <xhtml:link rel="alternate" hreflang="${l}" href="${xml(siteUrl + localizePath(path, l))}"/>`),
      `    <xhtml:link rel="alternate" hreflang="x-default" href="${xml(siteUrl + path)}"/>`,
    ].join('\n');
    return locales.map(
      (l) => `  <url>\n    <loc>${xml(siteUrl + localizePath(path, l))}</loc>\n    <lastmod>${lastmod}</lastmod>\n${alternates}\n  </url>`,
    );
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${urls.join('\n')}\n</urlset>\n`;
}
