import type { MiddlewareHandler } from 'hono';
import { NONCE, secureHeaders } from 'hono/secure-headers';
import type { AppEnv } from '../env';

/** Turnstile (the forms' bot challenge) loads its script and iframe from here. */
export const TURNSTILE_ORIGIN = 'https://challenges.cloudflare.com';

/**
 * Security headers on every response (DESIGN §9). Scripts run only with this
 * request's nonce; `strict-dynamic` lets the island entry import its chunks.
 * HTML is never stored in a shared cache, so a per-request nonce is safe.
 */
export function security(): MiddlewareHandler<AppEnv> {
  return secureHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      scriptSrc: [NONCE, "'strict-dynamic'", TURNSTILE_ORIGIN],
      styleSrc: ["'self'"],
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
    strictTransportSecurity: 'max-age=63072000; includeSubDomains; preload',
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
}
