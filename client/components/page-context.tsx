import { createContext, useContext } from 'react';
import type { FormState } from '../forms/state';
import type { Locale, Translate } from '../i18n';
import type { PageId } from '../paths';

/**
 * The deploy's settings the pages show: those worker/declared-settings.ts
 * marks `page`, written out here since client/ never imports the Worker
 * (worker/render/settings.ts fails the typecheck when the two differ).
 */
export interface PageConfig {
  /** `staging` marks every page as the test site (worker/render/Document.tsx). */
  ENVIRONMENT: 'development' | 'test' | 'staging' | 'production';
  SITE_URL: string;
  /** Shown only when configured: a phone number is never made up. */
  CONTACT_PHONE?: string | undefined;
  TURNSTILE_SITE_KEY: string;
  TURNSTILE_SCRIPT_URL: string;
}

/** One client bundle chunk and the chunks it imports statically. */
interface Chunk {
  file: string;
  imports: string[];
}

/** Written by scripts/build.mjs to dist/manifest.json. */
export interface AssetManifest {
  buildId: string;
  builtAt: string;
  css: string;
  entry: Chunk;
  islands: Record<string, Chunk>;
  /** The tools' scripts (client/tools/*.ts, no framework), by file name: `tv`. */
  tools: Record<string, Chunk>;
  /** The browser runtime (client/runtime/index.ts, no framework): menus and new builds, on every page. */
  runtime: Chunk;
  /** CSP hashes of the only style attributes allowed: the e-mail signature's, when it is copied (client/signature.ts). */
  styleHashes: string[];
  /** The inline script that starts the page's modules (client/runtime/boot.ts), and its CSP hash. */
  boot: { code: string; hash: string };
  /** The inline script that holds taps and forms sent in islands before they hydrate (client/runtime/intents.ts), and its CSP hash. */
  intents: { code: string; hash: string };
  /** Content hash of every file in dist/public, by path: the static files' ETags. */
  etags: Record<string, string>;
  /** The editor's one script, which only the Worker's /cms page names (scripts/build-cms.mjs). */
  cms?: { entry: string };
}

/**
 * What the server-rendered components of one request need. It exists only on
 * the server: islands never read it (their props carry what they need).
 */
export interface PageContextValue {
  locale: Locale;
  t: Translate;
  config: PageConfig;
  /** The Lausanne day the page is for, `YYYY-MM-DD` (the footer's year is its year). */
  today: string;
  /** The page's route (the header marks it current); null on error pages. */
  route: PageId | null;
  /** The listing the page belongs to (an offer's is `jobs`): the header marks it too; null elsewhere. */
  listing: PageId | null;
  /** The current page's path without the locale prefix, e.g. `/team`; null on error pages. */
  path: string | null;
  assets: AssetManifest;
  /** Each form's state on this page, by form name: refused, sent, or started from the query. */
  forms: Partial<Record<string, FormState>>;
}

export const PageContext = createContext<PageContextValue | null>(null);

export function usePage(): PageContextValue {
  const value = useContext(PageContext);
  if (!value) throw new Error('usePage() used outside a server render');
  return value;
}
