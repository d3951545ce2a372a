import { escapeHtml } from '#client/escape.ts';
import { lazy } from '#client/lazy.ts';
import { assetManifest } from '../render/assets-manifest';
import type { OwnHeaders } from '../request/own-headers';

/**
 * What the editor's routes (./cms-api.ts) answer with: the editor's page, the
 * page that ends a sign-in, and pages of text, each under its own policy.
 * Written by hand, not with React: a few elements each, and what React would
 * add (hydration markers, the site's layout) is nothing these pages need.
 */

const COMMON = ["base-uri 'none'", "frame-ancestors 'none'", "object-src 'none'"];

/**
 * The editor, Decap CMS: its config's schema is compiled with `new Function`
 * (ajv) and its components inject `<style>` elements (emotion), with no way to
 * pass them a nonce, hence eval and inline styles here, and only here. It
 * talks to GitHub's API (and its status page) from the browser, shows the
 * signed-in user's avatar, and previews images it fetched as blobs (and reads
 * an image picked for upload back from its blob: address before saving it). On a
 * computer (`npm run dev`), it reaches Decap's local backend (decap-server).
 */
function editorPolicy(development: boolean): string {
  const local = development ? ' http://localhost:8081 http://127.0.0.1:8081' : '';
  return [
    "default-src 'self'",
    "script-src 'self' 'unsafe-eval'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https://avatars.githubusercontent.com",
    `connect-src 'self' blob: https://api.github.com https://www.githubstatus.com${local}`,
    "font-src 'self'",
    "frame-src 'self'",
    "form-action 'self'",
    ...COMMON,
  ].join('; ');
}

/** A page of text: the site's stylesheet and its font, nothing else. */
const TEXT_POLICY = ["default-src 'none'", "style-src 'self'", "font-src 'self'", "img-src 'self'", "form-action 'none'", ...COMMON].join(
  '; ',
);

/**
 * The headers of each kind of answer, in place of the site's. The editor
 * opens GitHub's sign-in in a window of its own and must keep hearing from it:
 * `same-origin-allow-popups` on the editor, and no opener policy at all on the
 * sign-in's pages, since any would cut that window off from its opener once
 * it has been to github.com. The sign-in's addresses carry the code and the
 * state: they are never sent on as a Referer.
 */
export const ownHeaders = {
  editor: (development: boolean): OwnHeaders => ({
    'Content-Security-Policy': editorPolicy(development),
    'Cross-Origin-Opener-Policy': 'same-origin-allow-popups',
  }),
  text: (): OwnHeaders => ({ 'Content-Security-Policy': TEXT_POLICY }),
  signIn: (scriptHash?: string): OwnHeaders => ({
    'Content-Security-Policy': scriptHash ? `${TEXT_POLICY}; script-src '${scriptHash}'` : TEXT_POLICY,
    'Cross-Origin-Opener-Policy': null,
    'Referrer-Policy': 'no-referrer',
  }),
};

/** A heading and its paragraphs, in one language. */
export interface PageText {
  heading: string;
  paragraphs: string[];
}

/** The start of every page: French first, never indexed. */
function head(title: string, extra = ''): string {
  return `<!doctype html>
<html lang="fr">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
${extra}</head>
`;
}

/**
 * The editor's page: the element Decap renders into and its one script. The
 * script names the build's bundle; it is the only page that loads it.
 */
export function editorPage(title: string, script: string, noscript: string): string {
  return `${head(title)}<body>
<noscript><p>${escapeHtml(noscript)}</p></noscript>
<div id="nc-root"></div>
<script type="module" src="${escapeHtml(script)}"></script>
</body>
</html>
`;
}

const block = ({ heading, paragraphs }: PageText, level: 'h1' | 'h2', lead: string) =>
  `<${level}>${escapeHtml(heading)}</${level}>\n${paragraphs.map((p) => `<p${lead}>${escapeHtml(p)}</p>`).join('\n')}`;

/** A page of text in French, the English after it (whoever reads it, a maintainer, may read either). */
export function textPage(fr: PageText, en: PageText, end = ''): string {
  return `${head(fr.heading, `<link rel="stylesheet" href="${escapeHtml(assetManifest.css)}">\n`)}<body>
<main class="page-intro">
<div class="container prose">
${block(fr, 'h1', ' class="lead"')}
</div>
<div class="container prose" lang="en">
${block(en, 'h2', '')}
</div>
</main>
${end}</body>
</html>
`;
}

/**
 * The end of a sign-in, in the window the editor opened, as Decap's GitHub
 * backend expects it: this page says `authorizing:github` to its opener, at
 * the site's own origin only; the editor answers the same words; then, and
 * only to that window at that origin, this page sends the result
 * (`authorization:github:success:{"token":…,"provider":"github"}`, or
 * `…:error:{"message":…}`), and the editor closes it. The script is the same
 * for every sign-in and allowed by its hash; what changes is data.
 */
const HANDSHAKE = `(()=>{const d=JSON.parse(document.getElementById("cms-auth").textContent),o=window.opener;if(!o)return;const answer=(e)=>{if(e.origin!==d.origin||e.source!==o||e.data!=="authorizing:github")return;removeEventListener("message",answer);o.postMessage("authorization:github:"+d.status+":"+JSON.stringify(d.content),d.origin)};addEventListener("message",answer);o.postMessage("authorizing:github",d.origin)})();`;

/** The handshake's CSP hash (`sha256-…`), computed once per isolate. */
export const signInScriptHash: () => Promise<string> = lazy(() =>
  crypto.subtle
    .digest('SHA-256', new TextEncoder().encode(HANDSHAKE))
    .then((digest) => `sha256-${btoa(String.fromCharCode(...new Uint8Array(digest)))}`),
);

/** What the sign-in's window tells the editor: the token, or why there is none. */
export type SignInResult =
  | { status: 'success'; content: { token: string; provider: 'github' } }
  | { status: 'error'; content: { message: string } };

/**
 * The page that ends a sign-in: `fr` and `en` say what happened, `result` is
 * handed to the editor at `origin`, as JSON no HTML parser can end early
 * (every `<` written `\u003c`). The token is nowhere else on the page.
 */
export function signInPage(fr: PageText, en: PageText, origin: string, result: SignInResult): string {
  const data = JSON.stringify({ origin, ...result }).replace(/</g, '\\u003c');
  return textPage(fr, en, `<script type="application/json" id="cms-auth">${data}</script>\n<script>${HANDSHAKE}</script>\n`);
}
