import type { Context } from 'hono';
import type { Locale } from '#client/i18n.ts';
import { localizePath } from '#client/paths.ts';
import { SLUG } from '#content/ids.ts';
import type { AppEnv } from '../env';
import { router } from '../request/router.ts';

export type TargetCheck = { ok: true; kind: 'path' | 'url' } | { ok: false; reason: string };

const ORIGIN = 'https://site.invalid';

/**
 * Whether a stored short-link target may be served, and why not. The same
 * rule runs in the Worker and in `npm run links -- set`, so a bad record is
 * refused when it is written and, if it reaches KV anyway, never followed.
 *
 * A site path is served only if it is already plain, exactly as stored: one
 * leading `/`, no `//` anywhere in the path, no `.` or `..` segment, no
 * backslash, no encoded slash, dot or backslash, and nothing a browser's URL
 * parser would rewrite. (Parsing then serving what the parser gives is how
 * `/.//evil.com` became `Location: //evil.com`: a path that must be
 * normalised is refused, never normalised.) Any other target must be an
 * `https://` URL without a user name or password. Only printable ASCII: a
 * space, a control character (browsers strip tabs and newlines, turning
 * `/\t/evil` into `//evil`) or a non-ASCII character must be percent-encoded.
 *
 * @example checkTarget('/.//evil.com') // { ok: false, reason: 'has "//" in its path…' }
 */
export function checkTarget(target: string): TargetCheck {
  const refuse = (reason: string): TargetCheck => ({ ok: false, reason });
  if (target === '') return refuse('is empty');
  if (!/^[\x21-\x7e]+$/.test(target)) return refuse('contains a space, a control character or a non-ASCII character: percent-encode it');
  if (target.includes('\\')) return refuse('contains a backslash');
  if (target.startsWith('/')) {
    const end = target.search(/[?#]/);
    const path = end === -1 ? target : target.slice(0, end);
    if (path.includes('//')) return refuse('has "//" in its path: a site path starts with a single "/" and never repeats it');
    if (path.split('/').some((segment) => segment === '.' || segment === '..'))
      return refuse('has a "." or ".." segment: write the path it leads to');
    if (/%(?:2f|2e|5c)/i.test(path)) return refuse('has an encoded slash, dot or backslash (%2F, %2E, %5C) in its path');
    const url = new URL(target, ORIGIN);
    if (url.origin !== ORIGIN || url.pathname + url.search + url.hash !== target) {
      return refuse(`is not written the way browsers read it (they would read "${url.pathname + url.search + url.hash}")`);
    }
    return { ok: true, kind: 'path' };
  }
  let url: URL;
  try {
    url = new URL(target);
  } catch {
    return refuse('must be an https:// URL or a site path starting with "/"');
  }
  if (url.protocol !== 'https:') return refuse('must be an https:// URL or a site path starting with "/"');
  if (url.username || url.password) return refuse('must not hold a user name or password');
  return { ok: true, kind: 'url' };
}

/**
 * Where a stored target sends a visitor, or null when `checkTarget` refuses
 * it. Site paths follow the visitor's language (an `/en` path stays English);
 * they are served exactly as stored.
 *
 * @example resolveTarget('/tools/signature-generator', 'en') // '/en/tools/signature-generator'
 */
export function resolveTarget(target: string, locale: Locale): string | null {
  const check = checkTarget(target);
  if (!check.ok) return null;
  if (check.kind === 'url') return new URL(target).href;
  const end = target.search(/[?#]/);
  const path = end === -1 ? target : target.slice(0, end);
  const rest = end === -1 ? '' : target.slice(end);
  return (path === '/en' || path.startsWith('/en/') ? path : localizePath(path, locale)) + rest;
}

/** A short link's redirect, or the 404 page when there is none (or what is stored is no safe target). */
async function shortLink(c: Context<AppEnv>) {
  const slug = c.req.param('slug') ?? '';
  if (!SLUG.test(slug)) return c.notFound();
  const stored = await c.env.SHORT_LINKS.get(slug);
  if (stored === null) return c.notFound();
  const check = checkTarget(stored);
  if (!check.ok) {
    c.var.log.error('short_link.invalid_target', { slug, target: stored.slice(0, 600), reason: check.reason, answered: 404 });
    return c.notFound();
  }
  c.header('Cache-Control', 'private, max-age=0');
  return c.redirect(resolveTarget(stored, c.var.locale)!, 302);
}

/**
 * Short links (`/linkedin`, `/en/linkedin`, ...) from the SHORT_LINKS KV
 * namespace. Mounted after the pages, so a page always wins over a short link
 * of the same name; a slug KV does not know is a plain 404.
 */
export function shortLinks() {
  const app = router<AppEnv>();
  app.get('/:slug', shortLink);
  app.get('/en/:slug', shortLink);
  return app;
}
