import type { Context } from 'hono';
import { createTranslator, type Locale } from '#client/i18n.ts';
import { site } from '#content/index.ts';
import { type AppEnv, isDeployed } from '../env';
import { assetManifest } from '../render/assets-manifest';
import { clientAddress } from '../request/client-address';
import type { OwnHeaders } from '../request/own-headers';
import { readEditorSecrets } from '../secrets';
import { exchangeCode } from './cms-github';
import { editorPage, ownHeaders, type PageText, type SignInResult, signInPage, signInScriptHash, textPage } from './cms-pages';

/**
 * The editor at /cms, behind the routes of ./cms.ts, loaded with its first
 * request (part of worker/on-demand.ts: a page never parses it).
 *
 *   GET /cms           the editor (Decap CMS): a page that loads the build's bundle
 *   GET /cms/auth      the start of a sign-in with GitHub (Decap opens it in a window of its own)
 *   GET /cms/callback  where GitHub sends the maintainer back: the code becomes a token, handed to the editor
 *
 * The token is the maintainer's own: it goes from GitHub to this page to the
 * editor in their browser, and the Worker neither keeps nor logs it, nor the
 * code, nor the state (its own log line has the path alone; Cloudflare's
 * request logs keep the address with its query, where the code and the
 * state are, both spent within minutes). Without
 * the GitHub OAuth app's secrets, /cms and the sign-in say what a maintainer
 * must set up (503); on a computer (`npm run dev`), the editor works without
 * them, against Decap's local backend.
 */

/** The cookie that ties GitHub's answer to the browser that asked: 32 random bytes, base64url. */
const STATE_COOKIE = 'cms_state';
const STATE = /^[\w-]{43}$/;
const STATE_IN_COOKIES = new RegExp(`(?:^|;)\\s*${STATE_COOKIE}=([^;]*)`);
/** Ten minutes, GitHub's own life for a code. */
const STATE_MAX_AGE = 600;
/** GitHub's codes are 20 characters: anything much longer is not one, and is never sent on. */
const CODE = /^[\w-]{1,256}$/;
/** Where the docs say how to set the sign-in up (docs/deploy.md). */
const SETUP_SECTION = 'The editor at /cms (GitHub sign-in)';

type CmsContext = Context<AppEnv>;
type PageTexts = Record<Locale, PageText>;

/** The build's bundle of the editor (scripts/build.mjs names it in the manifest), or null for a build without it. */
function editorScript(): string | null {
  const entry = (assetManifest as { cms?: { entry?: unknown } }).cms?.entry;
  return typeof entry === 'string' && entry.startsWith('/cms/') ? entry : null;
}

/** A message of the `cms` namespace in both languages, as a heading and its paragraphs. */
function texts(key: 'setup' | 'notBuilt' | 'refused' | 'failed' | 'tooMany' | 'success'): PageTexts {
  const text = (locale: Locale): PageText => {
    const t = createTranslator(locale);
    const paragraphs =
      key === 'setup'
        ? [
            t('cms.setup.text', { id: 'GITHUB_OAUTH_CLIENT_ID', secret: 'GITHUB_OAUTH_CLIENT_SECRET', section: SETUP_SECTION }),
            t('cms.setup.rest'),
          ]
        : [t(`cms.${key}.text`, { email: site.email })];
    return { heading: t(`cms.${key}.heading`), paragraphs };
  };
  return { fr: text('fr'), en: text('en') };
}

/** An answer of the editor's: never stored, never indexed, under its own headers (middleware/security.ts applies them). */
function answer(c: CmsContext, status: 200 | 400 | 429 | 502 | 503, html: string, headers: OwnHeaders) {
  c.set('ownHeaders', headers);
  return c.html(html, status, { 'Cache-Control': 'no-store', 'X-Robots-Tag': 'noindex' });
}

/** GET /cms: the editor, once it can sign anyone in and the build made it. */
function editor(c: CmsContext) {
  const development = c.var.config.ENVIRONMENT === 'development';
  if (!development && !readEditorSecrets(c.env)) {
    const { fr, en } = texts('setup');
    return answer(c, 503, textPage(fr, en), ownHeaders.text());
  }
  const script = editorScript();
  if (!script) {
    const { fr, en } = texts('notBuilt');
    return answer(c, 503, textPage(fr, en), ownHeaders.text());
  }
  const t = createTranslator('fr');
  return answer(c, 200, editorPage(t('cms.title', { name: site.name }), script, t('cms.noscript')), ownHeaders.editor(development));
}

/** The state cookie, set (a value) or cleared (none): only the sign-in's addresses ever see it. */
function stateCookie(c: CmsContext, value?: string): string {
  const secure = isDeployed(c.var.config.ENVIRONMENT) ? '; Secure' : '';
  return `${STATE_COOKIE}=${value ?? ''}; Max-Age=${value ? STATE_MAX_AGE : 0}; Path=/cms; HttpOnly${secure}; SameSite=Lax`;
}

/** Counted with the forms' posts, per client: a sign-in is two requests, and each callback one call to GitHub. */
async function withinLimit(c: CmsContext): Promise<boolean> {
  return (await c.env.FORM_LIMITER.limit({ key: `cms:${clientAddress(c)}` })).success;
}

/** GET /cms/auth: off to GitHub, with a fresh state in a cookie of this browser's. */
async function auth(c: CmsContext) {
  if (!(await withinLimit(c))) return failure(c, 429, 'tooMany');
  const secrets = readEditorSecrets(c.env);
  if (!secrets) {
    const { fr, en } = texts('setup');
    return answer(c, 503, textPage(fr, en), ownHeaders.signIn());
  }
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  const state = btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
  const query = new URLSearchParams({
    client_id: secrets.clientId,
    redirect_uri: `${new URL(c.req.url).origin}/cms/callback`,
    scope: c.var.config.GITHUB_OAUTH_SCOPE,
    state,
    allow_signup: 'false',
  });
  c.set('ownHeaders', ownHeaders.signIn());
  c.header('Set-Cookie', stateCookie(c, state));
  c.header('Cache-Control', 'no-store');
  c.header('X-Robots-Tag', 'noindex');
  return c.redirect(`${c.var.config.GITHUB_OAUTH_ORIGIN}/login/oauth/authorize?${query}`, 302);
}

/** Whether two states are the same, in a time that does not say how much of them is. */
async function sameState(a: string, b: string): Promise<boolean> {
  const [x, y] = (await Promise.all([a, b].map((s) => crypto.subtle.digest('SHA-256', new TextEncoder().encode(s))))).map(
    (digest) => new Uint8Array(digest),
  ) as [Uint8Array, Uint8Array];
  let difference = 0;
  for (let i = 0; i < x.length; i++) difference |= x[i]! ^ y[i]!;
  return difference === 0;
}

/** Why this callback is not a sign-in this browser started, or null when it is. Nothing here reaches GitHub. */
async function refusal(c: CmsContext): Promise<string | null> {
  const code = c.req.query('code');
  if (!code) return 'no_code';
  if (!CODE.test(code)) return 'malformed_code';
  const cookie = STATE_IN_COOKIES.exec(c.req.header('Cookie') ?? '')?.[1]?.trim();
  if (!cookie || !STATE.test(cookie)) return 'no_cookie';
  const state = c.req.query('state') ?? '';
  if (!(await sameState(state, cookie))) return 'state_mismatch';
  return null;
}

/** The page that ends a sign-in, the state cookie cleared: whatever happened, it served once. */
async function signInAnswer(c: CmsContext, status: 200 | 400 | 429 | 502 | 503, shown: PageTexts, result: SignInResult) {
  c.header('Set-Cookie', stateCookie(c));
  const html = signInPage(shown.fr, shown.en, new URL(c.req.url).origin, result);
  return answer(c, status, html, ownHeaders.signIn(await signInScriptHash()));
}

/** What the editor shows for a sign-in that did not end with a token: the French text (the editor's language). */
function failure(c: CmsContext, status: 400 | 429 | 502 | 503, key: Parameters<typeof texts>[0]) {
  if (status === 429) c.header('Retry-After', '60');
  const shown = texts(key);
  const message = `${shown.fr.heading}. ${shown.fr.paragraphs.join(' ')}`;
  return signInAnswer(c, status, shown, { status: 'error', content: { message } });
}

/** GET /cms/callback?code&state: GitHub's answer, checked, then traded for the token the editor needs. */
async function callback(c: CmsContext) {
  if (!(await withinLimit(c))) return failure(c, 429, 'tooMany');
  const secrets = readEditorSecrets(c.env);
  if (!secrets) return failure(c, 503, 'setup');
  const refused = await refusal(c);
  if (refused) {
    c.var.log.warn('cms.sign_in_refused', { reason: refused });
    return failure(c, 400, 'refused');
  }
  const origin = new URL(c.req.url).origin;
  const exchanged = await exchangeCode(c.var.config.GITHUB_OAUTH_ORIGIN, secrets, c.req.query('code')!, `${origin}/cms/callback`);
  if (!exchanged.ok) {
    c.var.log.warn('cms.sign_in_failed', { reason: exchanged.reason });
    return failure(c, 502, 'failed');
  }
  c.var.log.info('cms.signed_in');
  return signInAnswer(c, 200, texts('success'), { status: 'success', content: { token: exchanged.token, provider: 'github' } });
}

export const cmsApi = { editor, auth, callback };
