import type { PageConfig } from '#client/components/page-context.tsx';
import { perKey } from '#client/lazy.ts';
import { type Config, PAGE_SETTING_NAMES, type PageSettingName, type Same } from '../declared-settings';

/**
 * What a page may show of the deploy's settings, and nothing else: the
 * renderer is given exactly these (so a page rendered at build time and one
 * rendered for a request see the same), and their fingerprint says which
 * pages rendered ahead were made for this deploy (docs/decisions/0017).
 * Imports nothing the request path would not load anyway.
 */

/**
 * The pages' settings are the ones worker/declared-settings.ts marks `page`.
 * client/ never imports the Worker, so client/components/page-context.tsx
 * writes PageConfig out: `npm run typecheck` fails here when it says other
 * than the declaration (a name, a type, or whether it may be unset).
 */
void (true satisfies Same<PageConfig, Pick<Config, PageSettingName>> & Same<keyof PageConfig, PageSettingName>);

const picked = new WeakMap<object, PageConfig>();
/**
 * The page's settings out of the Worker's, always in the same order (an unset
 * phone left out): the same object for the same settings object, so what is
 * cached by settings (the footer, client/components/layout/SiteFooter.tsx) is found again.
 * Kept by hand, not with perKey (client/lazy.ts): the picked object is its own
 * key too, so that picking it again gives it back.
 */
export function pageConfig(config: PageConfig): PageConfig {
  let page = picked.get(config);
  if (!page) {
    page = pick(config);
    picked.set(config, page);
    picked.set(page, page);
  }
  return page;
}

function pick(config: PageConfig): PageConfig {
  const picked: Record<string, string> = {};
  for (const name of PAGE_SETTING_NAMES) {
    const value = config[name];
    if (value !== undefined) picked[name] = value;
  }
  return picked as unknown as PageConfig;
}

/** The settings a page shows, as one text: what the build stores beside each fingerprint, to compare exactly. */
export const settingsText = (config: PageConfig) => JSON.stringify(pageConfig(config));

/** A short fingerprint (FNV-1a) of the settings a page shows: the same settings, the same key, at build time and in the Worker. */
export const pageConfigKey = perKey((config: PageConfig): string => {
  let h = 0x811c9dc5;
  for (const ch of settingsText(config)) h = Math.imul(h ^ ch.charCodeAt(0), 0x01000193) >>> 0;
  return h.toString(36);
});

/**
 * The moment a page of a Lausanne day is rendered for: noon there (11:00 UTC
 * is 12:00 or 13:00 in Lausanne, the same day either way). Pages show the
 * day, never the hour, so a page rendered ahead for a day is the page of
 * every moment of that day.
 */
export const middayOf = (day: string) => new Date(`${day}T11:00:00Z`);
