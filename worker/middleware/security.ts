import type { MiddlewareHandler } from 'hono';
import { secureHeaders } from 'hono/secure-headers';
import { TURNSTILE_ORIGIN, type AppEnv } from '../env';
import { assetManifest } from '../render/assets-manifest';


/**
 * Security headers on every response (docs/architecture.md). The only script a page runs
 * by itself is the inline boot script, allowed by its hash; the modules it
 * starts, and whatever they import or create (island chunks, Turnstile), are
 * trusted through 'strict-dynamic'. No per-request nonce, so rendered pages can
 * be cached (docs/decisions/0008). 'self' and Turnstile's origin only matter to
 * browsers too old for 'strict-dynamic', which ignore it and use them instead.
 * A response that set no Cache-Control gets `no-store`. Every response of
 * the staging site carries `X-Robots-Tag: noindex`.
 */
export function security(): MiddlewareHandler<AppEnv> {
  const headers = secureHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      scriptSrc: [`'${assetManifest.boot.hash}'`, "'strict-dynamic'", "'self'", TURNSTILE_ORIGIN],
      // Style attributes only with the e-mail signature's exact values: copying it
      // as rich HTML makes Chromium parse it under this policy (scripts/build.mjs).
      styleSrc: ["'self'", "'unsafe-hashes'", ...assetManifest.styleHashes.map((h) => `'${h}'`)],
      imgSrc: ["'self'", 'data:'],
      fontSrc: ["'self'"],
      connectSrc: ["'self'"],
      frameSrc: [TURNSTILE_ORIGIN],
      frameAncestors: ["'none'"],
      baseUri: ["'none'"],
      formAction: ["'self'"],
      objectSrc: ["'none'"],
      manifestSrc: ["'self'"],
    },
    // Two years, subdomains included. Not `preload`: that asks browsers to hard-code HTTPS for the
    // whole domain and every subdomain, and is slow to undo (docs/decisions/0011 says how to opt in).
    strictTransportSecurity: 'max-age=63072000; includeSubDomains',
    referrerPolicy: 'strict-origin-when-cross-origin',
    xFrameOptions: 'DENY',
    crossOriginResourcePolicy: 'same-origin',
    permissionsPolicy: {
      camera: [],
      microphone: [],
      geolocation: [],
      payment: [],
      usb: [],
      browsingTopics: [],
      clipboardWrite: ['self'],
    },
  });
  return async function security(c, next) {
    await headers(c, next);
    // The test site must never be indexed, whatever the response (robots.txt also disallows all).
    if (c.var.config.ENVIRONMENT === 'staging') c.res.headers.set('X-Robots-Tag', 'noindex, nofollow');
    // Every response says how it may be cached; those that did not decide (an error, a 405…) are never stored.
    if (!c.res.headers.has('Cache-Control')) c.res.headers.set('Cache-Control', 'no-store');
  };
}
