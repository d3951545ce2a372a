import { exports } from 'cloudflare:workers';

export const ORIGIN = 'https://jeepfl.ch';
export const BROWSER_UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36';

/** A request through the real Worker, as a browser would send it (no redirect following). */
export function get(path: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Response> {
  return exports.default.fetch(new Request(`${ORIGIN}${path}`, { method, headers: { 'User-Agent': BROWSER_UA, ...headers }, redirect: 'manual' }));
}

/** A French visitor who has been here before (cookie set): no language redirect. */
export function getAs(locale: 'fr' | 'en', path: string, headers: Record<string, string> = {}) {
  return get(path, { Cookie: `lang=${locale}`, ...headers });
}

export function textOf(html: string, selector: RegExp): string | undefined {
  return selector.exec(html)?.[1];
}

/** Very small HTML attribute reader for assertions: `attr(html, 'link[rel=canonical]', 'href')`-style via regex. */
export function metaContent(html: string, attr: 'name' | 'property', key: string): string | undefined {
  const re = new RegExp(`<meta ${attr}="${key.replace(/[.:]/g, '\\$&')}" content="([^"]*)"`);
  return re.exec(html)?.[1];
}

export function decode(s: string | undefined): string | undefined {
  return s?.replace(/&#x27;/g, "'").replace(/&quot;/g, '"').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
}
