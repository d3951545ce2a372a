/**
 * Everything the Worker loads only when a request needs it, in one module
 * (docs/decisions/0017): React and the pages (a page the build did not
 * render ahead, an error page it could not serve), the forms, the sitemap,
 * the secrets' checks, the admin API, the editor's routes and the cron's
 * delivery. A page rendered ahead, the static files and the short links
 * never load it.
 * Loaded through ./platform/on-demand-loader.ts, after the site's content (the outbox's
 * store, which needs none, loads apart: ./forms/outbox-object.ts).
 */

export { formSteps, otherApi } from './forms/chains';
export { runOutbox } from './forms/cron';
export { renderErrorPage, renderPage } from './render/renderer';
export { adminApi } from './routes/admin-api';
export { cmsApi } from './routes/cms-api';
export { sitemapEntries, sitemapXml } from './routes/sitemap';
export { readOps, readSecrets } from './secrets';
