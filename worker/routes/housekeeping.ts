import type { AppEnv } from '../env';
import { router } from '../lib/router';
import { sitemapEntries, sitemapXml } from '../lib/sitemap';
import { SPECULATION_RULES_PATH, savesData, speculationRules } from '../lib/speculation-rules';
import { assetManifest } from '../render/assets-manifest';

/** /robots.txt, /sitemap.xml, /speculation-rules.json and /_build.json (the build id, polled by open pages). */
export function housekeeping() {
  const app = router<AppEnv>();

  app.get('/robots.txt', (c) =>
    c.text(
      // The staging site (a test copy) disallows everything: only production is meant to be found.
      c.var.config.ENVIRONMENT === 'staging'
        ? 'User-agent: *\nDisallow: /\n'
        : `User-agent: *\nAllow: /\nDisallow: /tools/\nDisallow: /en/tools/\n\nSitemap: ${c.var.config.SITE_URL}/sitemap.xml\n`,
      200,
      { 'Cache-Control': 'public, max-age=3600' },
    ),
  );

  app.get('/sitemap.xml', (c) =>
    c.body(sitemapXml(c.var.config.SITE_URL, sitemapEntries(assetManifest.builtAt.slice(0, 10), new Date())), 200, {
      'Content-Type': 'application/xml; charset=utf-8',
      'Cache-Control': 'public, max-age=3600',
    }),
  );

  // The prefetch rules: none for a visitor on data saver or 2G.
  app.get(SPECULATION_RULES_PATH, (c) =>
    c.body(JSON.stringify(savesData(c.req.raw.headers) ? {} : speculationRules()), 200, {
      'Content-Type': 'application/speculationrules+json',
      'Cache-Control': 'private, max-age=600',
      Vary: 'Save-Data, ECT',
    }),
  );

  app.get('/_build.json', (c) =>
    c.json({ id: assetManifest.buildId, builtAt: assetManifest.builtAt }, 200, { 'Cache-Control': 'no-store' }),
  );

  return app;
}
