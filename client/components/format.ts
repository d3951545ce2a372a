import { localeTags, type Locale } from '../i18n';

/** `2026-12-15` -> `15 décembre 2026` / `December 15, 2026`, independent of the server's zone. */
export function formatDate(isoDate: string, locale: Locale): string {
  return new Intl.DateTimeFormat(localeTags[locale], { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${isoDate}T00:00:00Z`));
}

/** A prepared e-mail: `mailto:` with an encoded subject (never user input). */
export function mailto(address: string, subject: string): string {
  return `mailto:${address}?subject=${encodeURIComponent(subject)}`;
}
