import type { MiddlewareHandler } from 'hono';
import { type AppEnv, TURNSTILE_ORIGIN } from '../env';
import { assetManifest } from '../render/assets-manifest';

/**
 * Security headers on every response (docs/architecture.md). The only scripts a page runs
 * by itself are inline and allowed by their hashes: the boot script, and on
 * island pages the one that holds taps until the islands hydrate. The modules
 * the boot script starts, and whatever they import or create (island chunks,
 * Turnstile), are trusted through 'strict-dynamic'. No per-request nonce, so rendered pages can
 * be cached (docs/decisions/0008). 'self' and Turnstile's origin only matter to
 * browsers too old for 'strict-dynamic', which ignore it and use them instead.
 * Other sites may embed nothing but the files made for e-mails (their
 * Cross-Origin-Resource-Policy). A response that set no Cache-Control gets `no-store`. Every response of
 * the staging site carries `X-Robots-Tag: noindex`. The list is written out
 * below (Hono's secureHeaders, which it replaced, set the same ones). The one
 * exception, the editor at /cms, is asked for by name (`OwnHeaders`, worker/request/own-headers.ts),
 * response by response.
 */
export function security(): MiddlewareHandler<AppEnv> {
  return async function security(c, next) {
    await next();
    for (const [name, value] of headers(c.var.config.SITE_URL)) c.res.headers.set(name, value);
    // A route that needs another policy asks for it on the context; a header it set itself would be overwritten above.
    const own = c.var.ownHeaders;
    if (own) {
      for (const [name, value] of Object.entries(own)) {
        if (value === null) c.res.headers.delete(name);
        else c.res.headers.set(name, value);
      }
    }
    // Files made for e-mails (the signature's logo) are loaded by webmail pages of other sites, revalidations (304) included.
    // Only the files themselves (their 200 and 304), never a 404 page or an error under that path.
    // Decided on the raw path, as the browser sent it (Hono's c.req.path is decoded: %65mail would pass);
    // the decoded one only spares every other response parsing the URL.
    const served = c.res.status === 200 || c.res.status === 304;
    if (
      served &&
      c.req.path.startsWith('/images/') &&
      ['GET', 'HEAD'].includes(c.req.method) &&
      EMBEDDABLE.test(new URL(c.req.url).pathname)
    )
      c.res.headers.set('Cross-Origin-Resource-Policy', 'cross-origin');
    c.res.headers.delete('X-Powered-By');
    // The test site must never be indexed, whatever the response (robots.txt also disallows all).
    if (c.var.config.ENVIRONMENT === 'staging') c.res.headers.set('X-Robots-Tag', 'noindex, nofollow');
    // Every response says how it may be cached; those that did not decide (an error, a 405…) are never stored.
    if (!c.res.headers.has('Cache-Control')) c.res.headers.set('Cache-Control', 'no-store');
  };
}

/** Static files other sites may embed: those of static/images/email/, which e-mails show. */
const EMBEDDABLE = /^\/images\/email\//;

/** The policy, directive by directive. */
const CSP = (siteOrigin: string): string[][] => [
  ['default-src', "'self'"],
  ['script-src', `'${assetManifest.boot.hash}'`, `'${assetManifest.intents.hash}'`, "'strict-dynamic'", "'self'", TURNSTILE_ORIGIN],
  // Style attributes only with the e-mail signature's exact values: copying it
  // as rich HTML makes Chromium parse it under this policy (scripts/build.mjs).
  ['style-src', "'self'", "'unsafe-hashes'", ...assetManifest.styleHashes.map((h) => `'${h}'`)],
  // The site's canonical origin too: the e-mail signature's preview shows its logo from there, as mail clients
  // will. The same as 'self' online; on a computer (npm run dev), the live site's.
  ['img-src', "'self'", 'data:', siteOrigin],
  ['font-src', "'self'"],
  ['connect-src', "'self'"],
  ['frame-src', TURNSTILE_ORIGIN],
  ['frame-ancestors', "'none'"],
  ['base-uri', "'none'"],
  ['form-action', "'self'"],
  ['object-src', "'none'"],
  ['manifest-src', "'self'"],
];

let written: { siteUrl: string; headers: [string, string][] } | undefined;
/** Every header, written once per isolate (its settings do not change while it lives). */
function headers(siteUrl: string): [string, string][] {
  if (written?.siteUrl !== siteUrl) written = { siteUrl, headers: HEADERS(new URL(siteUrl).origin) };
  return written.headers;
}

const HEADERS = (siteOrigin: string): [string, string][] => [
  ['Cross-Origin-Resource-Policy', 'same-origin'],
  ['Cross-Origin-Opener-Policy', 'same-origin'],
  ['Origin-Agent-Cluster', '?1'],
  ['Referrer-Policy', 'strict-origin-when-cross-origin'],
  // Two years, subdomains included. Not `preload`: that asks browsers to hard-code HTTPS for the
  // whole domain and every subdomain, and is slow to undo (docs/decisions/0011 says how to opt in).
  ['Strict-Transport-Security', 'max-age=63072000; includeSubDomains'],
  ['X-Content-Type-Options', 'nosniff'],
  ['X-DNS-Prefetch-Control', 'off'],
  ['X-Download-Options', 'noopen'],
  ['X-Frame-Options', 'DENY'],
  ['X-Permitted-Cross-Domain-Policies', 'none'],
  ['X-XSS-Protection', '0'],
  [
    'Content-Security-Policy',
    CSP(siteOrigin)
      .map((directive) => directive.join(' '))
      .join('; '),
  ],
  ['Permissions-Policy', 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), browsing-topics=(), clipboard-write=(self)'],
];
