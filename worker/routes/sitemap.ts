import { escapeHtml } from '#client/escape.ts';
import { locales } from '#client/locales.ts';
import { fillPath, localizePath } from '#client/paths.ts';
import { routes } from '#client/routes.ts';

export interface SitemapEntry {
  /** Unprefixed path, e.g. `/jobs/web-developer`. */
  path: string;
  lastmod: string;
}

/** Every indexable page: one entry per page, or per entry of a page with a `:name` segment (its `entries`). */
export function sitemapEntries(buildDate: string, now: Date): SitemapEntry[] {
  const entries: SitemapEntry[] = [];
  for (const { page, path, sitemap } of routes) {
    if (!sitemap) continue;
    if (page.entries) {
      for (const { params, lastmod } of page.entries(now)) entries.push({ path: fillPath(path, params), lastmod });
    } else {
      entries.push({ path, lastmod: buildDate });
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
