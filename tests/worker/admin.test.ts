import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test';
import { describe, expect, it, vi } from 'vitest';
import { createApp } from '../../worker/app';
import { LOCAL_ADMIN_TOKEN } from '../../worker/secrets';
import { useEmptyOutbox } from './forms-helpers';
import { useFakeUpstreams } from './upstreams';

/**
 * The admin routes are closed by default: without the right token every one
 * of them is the site's ordinary 404 page, byte for byte, whatever the
 * address trick. (What they do with the token: admin-outbox.test.ts.)
 */
const TOKEN = 'a-test-admin-token-of-forty-three-characters'.slice(0, 43);
const app = createApp();
useFakeUpstreams();
useEmptyOutbox();

let n = 0;
/** A request from its own client (so the rate limit bites only where a test means it to), with `overrides` on the env. */
async function send(
  path: string,
  {
    headers = {},
    method = 'GET',
    body,
    overrides = { ADMIN_TOKEN: TOKEN },
    ip,
  }: { headers?: Record<string, string>; method?: string; body?: string; overrides?: Record<string, unknown>; ip?: string } = {},
) {
  const ctx = createExecutionContext();
  const res = await app.fetch(
    new Request(`https://jeepfl.ch${path}`, {
      method,
      body,
      headers: { 'CF-Connecting-IP': ip ?? `203.0.113.${(++n % 250) + 1}`, ...headers },
    }),
    { ...env, ...overrides },
    ctx,
  );
  await waitOnExecutionContext(ctx);
  return res;
}
const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
const base64url = (text: string) => btoa(text).replaceAll('+', '-').replaceAll('/', '_').replaceAll('=', '');
const quiet = () => {
  vi.spyOn(console, 'log').mockImplementation(() => {});
  return vi.spyOn(console, 'warn').mockImplementation(() => {});
};

/** What an address that does not exist answers: the thing every refusal must look like. */
async function ordinary404(method = 'GET') {
  const res = await send('/nothing-here-at-all', { method });
  return {
    status: res.status,
    type: res.headers.get('Content-Type'),
    cache: res.headers.get('Cache-Control'),
    body: (await res.text()).replace(/nothing-here-at-all/g, ''),
  };
}
async function shape(res: Response, path: string) {
  return {
    status: res.status,
    type: res.headers.get('Content-Type'),
    cache: res.headers.get('Cache-Control'),
    body: (await res.text()).replaceAll(path.replace(/^\//, ''), ''),
  };
}

describe('without the right token, /admin does not exist', () => {
  // `undefined` unsets it: a developer's .dev.vars (which the test runner loads) may hold the local token.
  it.each([
    ['no token', {}, { ADMIN_TOKEN: TOKEN }, 'no_token'],
    ['a wrong token', bearer('b'.repeat(43)), { ADMIN_TOKEN: TOKEN }, 'wrong_token'],
    ['the right token one character short', bearer(TOKEN.slice(0, -1)), { ADMIN_TOKEN: TOKEN }, 'wrong_token'],
    ['the token in another scheme', { Authorization: `Basic ${TOKEN}` }, { ADMIN_TOKEN: TOKEN }, 'no_token'],
    ['the token as a query', {}, { ADMIN_TOKEN: TOKEN }, 'no_token'],
    ['a token, when ADMIN_TOKEN is not set', bearer(TOKEN), { ADMIN_TOKEN: undefined }, 'admin_token_not_set'],
    ['an empty ADMIN_TOKEN, and an empty bearer', { Authorization: 'Bearer ' }, { ADMIN_TOKEN: '' }, 'admin_token_not_set'],
    ['a too-short ADMIN_TOKEN, even when sent right', bearer('short'), { ADMIN_TOKEN: 'short' }, 'admin_token_not_set'],
    ['a 64 KB token', bearer('x'.repeat(65_536)), { ADMIN_TOKEN: TOKEN }, 'no_token'],
  ])('%s: the ordinary 404 page, and a log line without the token', async (_name, headers, overrides, reason) => {
    const warn = quiet();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const expected = await ordinary404();
    for (const path of ['/admin', '/admin/outbox', '/admin/outbox/export', `/admin/outbox?token=${TOKEN}`]) {
      const res = await send(path, { headers, overrides });
      expect(await shape(res, path.split('?')[0]!)).toEqual(expected);
    }
    expect(warn).toHaveBeenCalledWith(expect.objectContaining({ event: 'admin.denied', reason, answered: 'the ordinary 404 page' }));
    expect(JSON.stringify(warn.mock.calls)).not.toContain(TOKEN);
  });

  it.each([
    ['POST', '/admin/outbox/00000000-0000-4000-8000-000000000000/resend'],
    ['DELETE', '/admin/outbox/00000000-0000-4000-8000-000000000000'],
  ])('a %s without the token is the 404 page too, and changes nothing', async (method, path) => {
    quiet();
    const res = await send(path, { method, body: '{"force":true}', headers: { 'Content-Type': 'application/json' } });
    expect(res.status).toBe(404);
    expect(res.headers.get('Content-Type')).toContain('text/html');
  });

  it('the public local token of .dev.vars.example never opens a deployed site', async () => {
    quiet();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const res = await send('/admin/outbox', {
      headers: bearer(LOCAL_ADMIN_TOKEN),
      overrides: { ADMIN_TOKEN: LOCAL_ADMIN_TOKEN, ENVIRONMENT: 'production' },
    });
    expect(res.status).toBe(404);
    expect(res.headers.get('Content-Type')).toContain('text/html');
    // Locally it does.
    expect(
      (await send('/admin/outbox', { headers: bearer(LOCAL_ADMIN_TOKEN), overrides: { ADMIN_TOKEN: LOCAL_ADMIN_TOKEN } })).status,
    ).toBe(200);
  });

  /** Follows the site's own redirects (at most 3), as a browser or curl -L would. */
  async function follow(path: string, headers: Record<string, string> = {}) {
    const hops: string[] = [];
    let res = await send(path, { headers });
    while ([301, 302, 307, 308].includes(res.status) && hops.length < 3) {
      const next = new URL(res.headers.get('Location')!, 'https://jeepfl.ch');
      expect(next.host).toBe('jeepfl.ch');
      hops.push(next.pathname);
      res = await send(next.pathname + next.search, { headers });
    }
    return { res, hops };
  }

  it.each([
    '/Admin/outbox',
    '/ADMIN/OUTBOX',
    '/admin/outbox/',
    '/admin%2Foutbox',
    '/admin/outbox%2Fexport',
    '/%61dmin/outbox',
    '/en/admin/outbox',
    '//admin/outbox',
    '/admin/./outbox',
    '/admin/../admin/outbox',
    '/x/%2e%2e/admin/outbox',
    '/admin\\outbox',
    '/admin;/outbox',
    '/admin/outbox%00',
  ])('%s without a token ends on the 404 page, whatever the redirects', async (path) => {
    quiet();
    const { res } = await follow(path);
    expect(res.status).toBe(404);
    expect(res.headers.get('Content-Type')).toContain('text/html');
  });

  it.each(['/Admin/outbox', '/admin/outbox/', '/admin/./outbox', '/admin/../admin/outbox', '//admin/outbox'])(
    '%s with the token reaches the same lock: the one route, not a way around it',
    async (path) => {
      quiet();
      const { res } = await follow(path, bearer(TOKEN));
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ submissions: [], more: false, next: null });
    },
  );

  it("counts every request against a limit, the right token's too: past 20 a minute, even the right token gets the 404 page", async () => {
    const warn = quiet();
    const ip = '203.0.113.250';
    for (let i = 0; i < 10; i++) await send('/admin/outbox', { headers: bearer('wrong'.repeat(9)), ip });
    for (let i = 0; i < 10; i++) expect((await send('/admin/outbox', { headers: bearer(TOKEN), ip })).status).toBe(200);
    const res = await send('/admin/outbox', { headers: bearer(TOKEN), ip });
    expect(res.status).toBe(404);
    expect(res.headers.get('Content-Type')).toContain('text/html');
    expect(warn).toHaveBeenCalledWith(expect.objectContaining({ event: 'admin.denied', reason: 'rate_limited' }));
    // Another client is not affected.
    expect((await send('/admin/outbox', { headers: bearer(TOKEN) })).status).toBe(200);
  });

  it.each(['/%61dmin/outbox', '/admin/%6futbox', '/admin/outbox%2f', '/admin/outbox/export%3fsince=2026-01-01'])(
    '%s with the token: 404, because a rule in front of the Worker (Cloudflare Access) may not see an encoded path as /admin',
    async (path) => {
      const warn = quiet();
      const res = await send(path, { headers: bearer(TOKEN) });
      expect(res.status).toBe(404);
      expect(res.headers.get('Content-Type')).toContain('text/html');
      if (path.startsWith('/admin/'))
        expect(warn).toHaveBeenCalledWith(expect.objectContaining({ event: 'admin.denied', reason: 'encoded_path' }));
    },
  );

  it('a rate limiter that cannot answer locks the door, and it still looks like a 404 (never the 500 page)', async () => {
    const warn = quiet();
    const broken = { limit: () => Promise.reject(new Error('ratelimit binding unavailable')) };
    const res = await send('/admin/outbox', { headers: bearer(TOKEN), overrides: { ADMIN_TOKEN: TOKEN, ADMIN_LIMITER: broken } });
    expect(res.status).toBe(404);
    expect(warn).toHaveBeenCalledWith(expect.objectContaining({ event: 'admin.denied', reason: 'rate_limited' }));
  });
});

describe('with the right token', () => {
  it('answers JSON, never stored, with the security headers of every page', async () => {
    quiet();
    const res = await send('/admin/outbox', { headers: bearer(TOKEN) });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ submissions: [], more: false, next: null });
    expect(res.headers.get('Cache-Control')).toBe('no-store');
    expect(res.headers.get('X-Robots-Tag')).toBe('noindex');
    expect(res.headers.get('Content-Security-Policy')).toContain("default-src 'self'");
    expect(res.headers.get('Strict-Transport-Security')).toContain('max-age=');
    expect(res.headers.get('X-Content-Type-Options')).toBe('nosniff');
  });

  it('an action that fails answers the 500 page, still never stored nor indexed', async () => {
    quiet();
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const broken = {
      getByName: () => {
        throw new Error('the outbox is down');
      },
    };
    const res = await send('/admin/outbox', { headers: bearer(TOKEN), overrides: { ADMIN_TOKEN: TOKEN, OUTBOX: broken } });
    expect(res.status).toBe(500);
    expect(res.headers.get('Cache-Control')).toBe('no-store');
    expect(res.headers.get('X-Robots-Tag')).toBe('noindex');
    expect(errors).toHaveBeenCalledWith(expect.objectContaining({ event: 'request.error', error: 'Error: the outbox is down' }));
  });

  it.each([
    ['POST', '/admin/outbox/resend-dead/', 200],
    ['DELETE', '/admin/outbox/00000000-0000-4000-8000-000000000000/', 404],
    ['POST', '/admin/outbox/00000000-0000-4000-8000-000000000000/resend/', 404],
  ])('%s %s: a trailing slash names the same action (%i)', async (method, path, status) => {
    quiet();
    const res = await send(path, { method, headers: bearer(TOKEN) });
    expect(res.status).toBe(status);
    if (status === 404) expect(await res.json()).toMatchObject({ error: 'not_found' });
  });

  it('the scheme is case-insensitive, as HTTP says', async () => {
    quiet();
    expect((await send('/admin/outbox', { headers: { Authorization: `bearer ${TOKEN}` } })).status).toBe(200);
  });

  it.each([
    ['/admin/outbox?state=lost', 400, 'bad_state'],
    ['/admin/outbox/not-a-uuid', 400, 'bad_id'],
    ['/admin/outbox/00000000-0000-4000-8000-000000000000', 404, 'not_found'],
    ['/admin/outbox/export?since=yesterday', 400, 'bad_since'],
    ['/admin/outbox/export?since=2026-13-45', 400, 'bad_since'],
    // A cursor is only ever one the list handed out: anything else is refused, read in linear time, its length first.
    ['/admin/outbox?cursor=', 400, 'bad_cursor'],
    ['/admin/outbox?cursor=not%20a%20cursor', 400, 'bad_cursor'],
    [`/admin/outbox?cursor=${'W1'.repeat(101)}`, 400, 'bad_cursor'],
    ['/admin/outbox?cursor=AAAAA', 400, 'bad_cursor'],
    [`/admin/outbox?cursor=${base64url('{"created":"2026-01-01T00:00:00.000Z"}')}`, 400, 'bad_cursor'],
    [`/admin/outbox?cursor=${base64url('["2026-01-01", "00000000-0000-4000-8000-000000000000"]')}`, 400, 'bad_cursor'],
    [`/admin/outbox?state=dead&cursor=${base64url('["2026-01-01T00:00:00.000Z", "../../etc"]')}`, 400, 'bad_cursor'],
    ['/admin/elsewhere', 404, 'no_such_route'],
  ])('%s: %i %s, in JSON', async (path, status, error) => {
    quiet();
    const res = await send(path, { headers: bearer(TOKEN) });
    expect(res.status).toBe(status);
    expect(res.headers.get('Cache-Control')).toBe('no-store');
    expect(await res.json()).toMatchObject({ error, message: expect.any(String) });
  });
});
