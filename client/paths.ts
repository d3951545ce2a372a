import type { Locale } from './i18n';

/** `/team` + en -> `/en/team`; `/` + en -> `/en`. French has no prefix. */
export function localizePath(path: string, locale: Locale): string {
  if (locale === 'fr') return path;
  return path === '/' ? '/en' : `/en${path}`;
}

/** Fills `:param` segments: `fillPath('/jobs/:name', { name: 'x' })` -> `/jobs/x`. */
export function fillPath(path: string, params: Record<string, string> = {}): string {
  return path.replace(/:([a-z]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing route parameter "${name}" for ${path}`);
    return encodeURIComponent(value);
  });
}
