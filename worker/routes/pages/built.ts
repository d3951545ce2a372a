import type { Context } from 'hono';
import type { Locale } from '#client/locales.ts';
import { localDate } from '#content/lausanne.ts';
import type { AppEnv } from '../../env';
import { staticKey } from '../../platform/static-files';
import type { BuiltVariant } from '../../render/built-pages';
import { PAGE_SOURCE, pageHeaders } from '../../render/page-headers';
import { pageConfigKey, settingsText } from '../../render/settings';
import { pageBytes } from './cache';
import { builtKey, pagesBuilt } from './table';

/** Where the build puts the documents it rendered ahead, in the [site] bucket (never served as files: routes/assets.ts). */
export const BUILT_FOLDER = '_pages/';

/**
 * The document rendered ahead for this page (`en /team`), these settings and
 * today in Lausanne: its variant; `absent` when the build rendered this
 * deploy's pages for today and this one is not among them (an entry that
 * does not exist); undefined when the build could not know (other settings
 * than it rendered for, a day outside the ones it covered): then the page
 * is rendered for the request.
 */
function builtVariant(c: Context<AppEnv>, page: string): BuiltVariant | 'absent' | undefined {
  const settings = pageConfigKey(c.var.config);
  const pages = pagesBuilt.configs[settings];
  if (!pages || pagesBuilt.settings[settings] !== settingsText(c.var.config)) return undefined;
  const today = localDate(new Date());
  if (today < pagesBuilt.from || today >= pagesBuilt.until) return undefined;
  const variants = pages[page];
  if (!variants) return 'absent';
  let found: BuiltVariant | undefined;
  for (const variant of variants) if (variant[0] <= today) found = variant;
  return found;
}

/**
 * A document rendered ahead, from the [site] bucket, with the headers of a
 * rendered page; undefined if its file is not there (a rollback past the
 * files' lifetime: then it is rendered).
 */
async function serveBuilt(c: Context<AppEnv>, locale: Locale, [, status, file]: BuiltVariant): Promise<Response | undefined> {
  const key = staticKey(`${BUILT_FOLDER}${file}.html`);
  const body = key === undefined ? null : await c.env.__STATIC_CONTENT.get(key, 'arrayBuffer');
  if (body === null) return undefined;
  const headers: Record<string, string> = { ...pageHeaders(locale), [PAGE_SOURCE]: 'build' };
  // A 200's name is its hash, the ETag the page cache would compute (./cache.ts): given, not computed again.
  if (status === 200) headers.ETag = `"${file}"`;
  const response = new Response(body, { status, headers });
  pageBytes.set(response, body);
  return response;
}

/**
 * The built document of a page or error page (`fr 404`) for this request: a
 * response, `absent` (no such page), or undefined (render it).
 */
export async function builtPage(c: Context<AppEnv>, locale: Locale, path: string): Promise<Response | 'absent' | undefined> {
  const variant = builtVariant(c, builtKey(locale, path));
  return typeof variant === 'object' ? serveBuilt(c, locale, variant) : variant;
}
