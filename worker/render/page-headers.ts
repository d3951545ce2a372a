/** What the browser is told: keep it, but ask (with the ETag) before each use. */
export const PAGE_CACHE_CONTROL = 'private, no-cache';

/** The headers of every HTML page, rendered for the request (./renderer.tsx) or ahead of it (worker/routes/pages/built.ts). */
export const pageHeaders = (locale: string) => ({
  'Content-Type': 'text/html; charset=utf-8',
  'Content-Language': locale,
  // Browsers revalidate each time (pages vary with Accept-Language and the cookie).
  'Cache-Control': PAGE_CACHE_CONTROL,
});

/**
 * Says where a page's document came from, for whoever measures or checks a
 * deploy (npm run smoke): `build` (rendered ahead) or `request` (rendered for it).
 */
export const PAGE_SOURCE = 'X-Page-Source';
