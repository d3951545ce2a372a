import { describe, expect, it } from 'vitest';
import en from '../../locales/en.json';
import fr from '../../locales/fr.json';
import { CLIENT_ID, CLIENT_SECRET, captureLogs, csp, GITHUB_ORIGIN, SET_UP, useFakeGitHub, visit } from './cms-helpers';

/**
 * Signing in to the editor with GitHub through the Worker (Decap's GitHub
 * backend): /cms/auth sends the maintainer to GitHub with a state tied to
 * this browser, /cms/callback checks it, trades the code for a token and
 * hands the token to the editor that opened the window, at the site's own
 * origin only. GitHub is faked at the network boundary.
 */
const github = useFakeGitHub();
const ORIGIN = 'https://jeepfl.ch';
const TOKEN = 'gho_16C7e42F292c6912E7710c838347Ae178B4a';
const CODE = '0b9c1f2e3d4a5b6c7d8e';

/** A sign-in started: the state GitHub will send back, and the cookie that holds it. */
async function start(settings: Record<string, unknown> = SET_UP) {
  const res = await visit('/cms/auth?provider=github&site_id=jeepfl.ch&scope=repo', { settings });
  const location = new URL(res.headers.get('Location') ?? 'https://missing.invalid');
  const cookie = res.headers.get('Set-Cookie') ?? '';
  const state = location.searchParams.get('state') ?? '';
  return { res, location, cookie, state };
}

/** GitHub's redirect back to the callback, from the browser that holds `cookie`. */
function back(query: Record<string, string>, cookie?: string, ip?: string) {
  const headers: Record<string, string> = cookie === undefined ? {} : { Cookie: cookie };
  return visit(`/cms/callback?${new URLSearchParams(query)}`, { headers, ...(ip ? { ip } : {}) });
}

/** What the page hands the editor: the JSON element's data. */
function handedOver(html: string): { origin: string; status: string; content: Record<string, string> } {
  const json = /<script type="application\/json" id="cms-auth">([^<]*)<\/script>/.exec(html)?.[1];
  expect(json).toBeDefined();
  return JSON.parse(json!);
}

/** The one script the page runs by itself. */
function inlineScript(html: string): string {
  const scripts = [...html.matchAll(/<script(?![^>]*type="application\/json")[^>]*>([\s\S]*?)<\/script>/g)].map(([, code]) => code!);
  expect(scripts).toHaveLength(1);
  return scripts[0]!;
}

async function sha256(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return `sha256-${btoa(String.fromCharCode(...new Uint8Array(digest)))}`;
}

/** Headers every answer of the sign-in carries: no opener policy (it would cut the window off from the editor), no Referer, never stored. */
function expectSignInHeaders(res: Response) {
  expect(res.headers.get('Cross-Origin-Opener-Policy')).toBeNull();
  expect(res.headers.get('Referrer-Policy')).toBe('no-referrer');
  expect(res.headers.get('Cache-Control')).toBe('no-store');
  expect(res.headers.get('X-Robots-Tag')).toBe('noindex');
}

describe('/cms/auth', () => {
  it('sends the maintainer to GitHub with a fresh state, which a short-lived HttpOnly cookie keeps', async () => {
    const { res, location, cookie, state } = await start();
    expect(res.status).toBe(302);
    expectSignInHeaders(res);
    expect(location.origin + location.pathname).toBe(`${GITHUB_ORIGIN}/login/oauth/authorize`);
    expect(Object.fromEntries(location.searchParams)).toEqual({
      client_id: CLIENT_ID,
      redirect_uri: `${ORIGIN}/cms/callback`,
      scope: 'repo',
      state,
      allow_signup: 'false',
    });
    expect(state).toMatch(/^[\w-]{43}$/); // 32 random bytes
    expect(cookie).toBe(`cms_state=${state}; Max-Age=600; Path=/cms; HttpOnly; SameSite=Lax`);
    expect((await start()).state).not.toBe(state);
    expect(github().exchanges).toEqual([]);
  });

  it('asks for the scope the site is configured with, and a Secure cookie once deployed', async () => {
    const { location, cookie } = await start({ ...SET_UP, ENVIRONMENT: 'production', GITHUB_OAUTH_SCOPE: 'public_repo' });
    expect(location.searchParams.get('scope')).toBe('public_repo');
    expect(cookie).toMatch(/; HttpOnly; Secure; SameSite=Lax$/);
  });
});

describe('/cms/callback refuses, without asking GitHub, what this browser did not start', () => {
  it.each([
    ['no code', (state: string) => ({ state }), true],
    ['GitHub’s “cancelled”', (state: string) => ({ error: 'access_denied', state }), true],
    ['a code far too long', (state: string) => ({ code: 'a'.repeat(257), state }), true],
    ['no cookie', (state: string) => ({ code: CODE, state }), false],
    ['another state', () => ({ code: CODE, state: 'A'.repeat(43) }), true],
    ['no state', () => ({ code: CODE }), true],
    ['the state one character short', (state: string) => ({ code: CODE, state: state.slice(0, -1) }), true],
  ])('%s', async (_, query, withCookie) => {
    const { cookie, state } = await start();
    const res = await back(query(state), withCookie ? cookie.split(';')[0] : undefined);
    expect(res.status).toBe(400);
    expectSignInHeaders(res);
    expect(res.headers.get('Set-Cookie')).toBe('cms_state=; Max-Age=0; Path=/cms; HttpOnly; SameSite=Lax');
    const html = await res.text();
    expect(html).toContain(`<h1>${fr.cms.refused.heading}</h1>`);
    expect(html).toContain(`<h2>${en.cms.refused.heading}</h2>`);
    // The editor is told too, and shows it.
    expect(handedOver(html)).toEqual({
      origin: ORIGIN,
      status: 'error',
      content: { message: `${fr.cms.refused.heading}. ${fr.cms.refused.text}` },
    });
    expect(github().exchanges).toEqual([]);
  });
});

describe('/cms/callback with the state this browser holds', () => {
  it('trades the code for the token and hands it to the editor, at the site’s origin only', async () => {
    github().answer = { json: { access_token: TOKEN, token_type: 'bearer', scope: 'repo' } };
    const { cookie, state } = await start();
    const res = await back({ code: CODE, state }, cookie.split(';')[0]);
    expect(res.status).toBe(200);
    expectSignInHeaders(res);
    expect(res.headers.get('Set-Cookie')).toBe('cms_state=; Max-Age=0; Path=/cms; HttpOnly; SameSite=Lax');
    expect(github().exchanges).toEqual([
      {
        body: { client_id: CLIENT_ID, client_secret: CLIENT_SECRET, code: CODE, redirect_uri: `${ORIGIN}/cms/callback` },
        accept: 'application/json',
        timed: true,
      },
    ]);

    const html = await res.text();
    expect(html).toContain(`<h1>${fr.cms.success.heading}</h1>`);
    expect(handedOver(html)).toEqual({ origin: ORIGIN, status: 'success', content: { token: TOKEN, provider: 'github' } });
    // The token is in the data element, and nowhere else.
    expect(html.split(TOKEN)).toHaveLength(2);
    expect(html.indexOf(TOKEN)).toBeGreaterThan(html.indexOf('<script type="application/json" id="cms-auth">'));
    expect(html.indexOf(TOKEN)).toBeLessThan(html.indexOf('</script>'));

    // Decap's handshake: this window speaks first, and only ever to the origin the data names (never "*").
    const script = inlineScript(html);
    const first = script.indexOf('postMessage("authorizing:github",d.origin)');
    const result = script.indexOf('postMessage("authorization:github:"+d.status+":"+JSON.stringify(d.content),d.origin)');
    expect(first).toBeGreaterThan(-1);
    expect(result).toBeGreaterThan(-1);
    expect(script).toContain('e.origin!==d.origin||e.source!==o');
    expect(script).not.toMatch(/["'`]\*["'`]/);
    expect([...script.matchAll(/postMessage\(/g)]).toHaveLength(2);
    // Allowed by its hash alone: no 'unsafe-inline', no nonce.
    expect(csp(res).get('script-src')).toBe(`'${await sha256(script)}'`);
    expect(csp(res).get('default-src')).toBe("'none'");
  });

  it('writes the data so that no HTML parser can end it early', async () => {
    const odd = 'gho_</script><script>alert(1)</script><!--';
    github().answer = { json: { access_token: odd } };
    const { cookie, state } = await start();
    const html = await (await back({ code: CODE, state }, cookie.split(';')[0])).text();
    expect(html).not.toContain('alert(1)</script>');
    expect(html).not.toContain('<!--');
    expect(handedOver(html).content.token).toBe(odd);
  });

  it.each([
    [
      'GitHub refuses the code',
      { json: { error: 'bad_verification_code', error_description: 'The code passed is incorrect or expired.' } },
    ],
    ['GitHub answers without a token', { json: { token_type: 'bearer' } }],
    ['GitHub fails', { json: { message: 'Server Error' }, status: 500 }],
    ['GitHub times out', { fails: new DOMException('The operation was aborted due to timeout', 'TimeoutError') }],
    ['GitHub cannot be reached', { fails: new TypeError('Network connection lost.') }],
  ] as const)('%s: the editor and the page say to try again or write to the association', async (_, answer) => {
    github().answer = answer;
    const { cookie, state } = await start();
    const res = await back({ code: CODE, state }, cookie.split(';')[0]);
    expect(res.status).toBe(502);
    expectSignInHeaders(res);
    expect(res.headers.get('Set-Cookie')).toBe('cms_state=; Max-Age=0; Path=/cms; HttpOnly; SameSite=Lax');
    const html = await res.text();
    const failed = fr.cms.failed.text.replace('{{email}}', 'contact@jeepfl.ch');
    expect(html).toContain(`<h1>${fr.cms.failed.heading}</h1>`);
    expect(html).toContain(`<p class="lead">${failed}</p>`);
    expect(html).toContain(`<p>${en.cms.failed.text.replace('{{email}}', 'contact@jeepfl.ch')}</p>`);
    expect(handedOver(html)).toEqual({ origin: ORIGIN, status: 'error', content: { message: `${fr.cms.failed.heading}. ${failed}` } });
    expect(github().exchanges).toHaveLength(1);
  });

  it('serves once: the same answer from GitHub again is refused', async () => {
    const { cookie, state } = await start();
    expect((await back({ code: CODE, state }, cookie.split(';')[0])).status).toBe(200);
    // The browser dropped the cookie (Max-Age=0): a reload of the page comes back without it.
    expect((await back({ code: CODE, state })).status).toBe(400);
    expect(github().exchanges).toHaveLength(1);
  });
});

describe('a HEAD request', () => {
  it('neither starts a sign-in nor spends GitHub’s code: 405, and the GET after it still signs in', async () => {
    const head = await visit('/cms/auth?provider=github&site_id=jeepfl.ch&scope=repo', { method: 'HEAD' });
    expect(head.status).toBe(405);
    expect(head.headers.get('Allow')).toBe('GET');
    expect(head.headers.get('Set-Cookie')).toBeNull();
    const { cookie, state } = await start();
    const early = await visit(`/cms/callback?${new URLSearchParams({ code: CODE, state })}`, {
      method: 'HEAD',
      headers: { Cookie: cookie.split(';')[0]! },
    });
    expect(early.status).toBe(405);
    expect(early.headers.get('Set-Cookie')).toBeNull();
    expect(github().exchanges).toEqual([]);
    github().answer = { json: { access_token: TOKEN } };
    const res = await back({ code: CODE, state }, cookie.split(';')[0]);
    expect(res.status).toBe(200);
    expect(handedOver(await res.text()).content.token).toBe(TOKEN);
  });
});

describe('the sign-in’s traces', () => {
  it('log neither the code, the state, the token nor the secret, whatever happens', async () => {
    const logs = captureLogs();
    github().answer = { json: { access_token: TOKEN } };
    const signedIn = await start();
    await back({ code: CODE, state: signedIn.state }, signedIn.cookie.split(';')[0]);
    const refused = await start();
    await back({ code: CODE, state: `${refused.state.slice(1)}x` }, refused.cookie.split(';')[0]);
    github().answer = { json: { error: 'incorrect_client_credentials' } };
    const failed = await start();
    await back({ code: CODE, state: failed.state }, failed.cookie.split(';')[0]);
    const all = logs();
    expect(all).toContain('cms.signed_in');
    expect(all).toContain('state_mismatch');
    expect(all).toContain('incorrect_client_credentials');
    for (const secret of [TOKEN, CODE, signedIn.state, refused.state, failed.state, CLIENT_SECRET]) expect(all).not.toContain(secret);
  });
});

describe('the sign-in’s rate limit', () => {
  it('counts each client’s requests with the forms’ posts: five a minute', async () => {
    const ip = '198.51.121.7';
    for (let i = 0; i < 5; i++) expect((await visit('/cms/auth', { ip })).status).toBe(302);
    const res = await visit('/cms/auth', { ip });
    expect(res.status).toBe(429);
    expect(res.headers.get('Retry-After')).toBe('60');
    expect(res.headers.get('Location')).toBeNull();
    expect(await res.text()).toContain(`<h1>${fr.cms.tooMany.heading}</h1>`);
    const callback = await back({ code: CODE, state: 'A'.repeat(43) }, undefined, ip);
    expect(callback.status).toBe(429);
    expect(github().exchanges).toEqual([]);
  });
});
