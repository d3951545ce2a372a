import type { Context } from 'hono';
import { locales } from '#client/locales.ts';
import { localizePath } from '#client/paths.ts';
import type { AppEnv } from '../env';
import { onDemand } from '../platform/on-demand-loader';
import { assetManifest } from '../render/assets-manifest';
import { router } from '../request/router';
import { SPECULATION_RULES_PATH, savesData, speculationRules } from './pages/speculation-rules';
import { routeTable } from './pages/table';

/**
 * robots.txt for the production site: everything but the tools (the route
 * table's `bare` pages, noindex anyway), in each language, and the editor
 * (/cms and its sign-in, noindex too), and where the sitemap is. A tool in a
 * folder of tools (`/tools/tv`) is kept out by its folder (`/tools/`,
 * `/en/tools/`), so a new one is covered; a tool on its own, by its path.
 */
function robotsTxt(siteUrl: string): string {
  const disallowed = routeTable()
    .filter((route) => route.layout === 'bare')
    .flatMap((route) =>
      locales.map((locale) => {
        const path = localizePath(route.path, locale);
        return route.path.lastIndexOf('/') > 0 ? path.slice(0, path.lastIndexOf('/') + 1) : path;
      }),
    );
  const lines = [
    'User-agent: *',
    'Allow: /',
    ...[...new Set(disallowed)].map((path) => `Disallow: ${path}`),
    'Disallow: /cms',
    '',
    `Sitemap: ${siteUrl}/sitemap.xml`,
  ];
  return `${lines.join('\n')}\n`;
}

/** robots.txt: production's (above); the staging site (a test copy) disallows everything, only production is meant to be found. */
const robots = (c: Context<AppEnv>) =>
  c.text(c.var.config.ENVIRONMENT === 'staging' ? 'User-agent: *\nDisallow: /\n' : robotsTxt(c.var.config.SITE_URL), 200, {
    'Cache-Control': 'public, max-age=3600',
  });

/** Made from the pages' entries (the content): loaded by the sitemap's request only. */
async function sitemap(c: Context<AppEnv>) {
  const { sitemapEntries, sitemapXml } = await onDemand(c.env);
  return c.body(sitemapXml(c.var.config.SITE_URL, sitemapEntries(assetManifest.builtAt.slice(0, 10), new Date())), 200, {
    'Content-Type': 'application/xml; charset=utf-8',
    'Cache-Control': 'public, max-age=3600',
  });
}

/** The prefetch rules: none for a visitor on data saver or 2G. */
const rules = (c: Context<AppEnv>) =>
  c.body(JSON.stringify(savesData(c.req.raw.headers) ? {} : speculationRules()), 200, {
    'Content-Type': 'application/speculationrules+json',
    'Cache-Control': 'private, max-age=600',
    Vary: 'Save-Data, ECT',
  });

/** The build id, polled by open pages (a new build offers a reload). */
const build = (c: Context<AppEnv>) =>
  c.json({ id: assetManifest.buildId, builtAt: assetManifest.builtAt }, 200, { 'Cache-Control': 'no-store' });

/**
 * /robots.txt, /sitemap.xml, /speculation-rules.json and /_build.json. The
 * answers are functions of their own: an isolate's start registers four
 * routes, and compiles an answer only when one is asked for.
 */
export function housekeeping() {
  const app = router<AppEnv>();
  app.get('/robots.txt', robots);
  app.get('/sitemap.xml', sitemap);
  app.get(SPECULATION_RULES_PATH, rules);
  app.get('/_build.json', build);
  return app;
}
