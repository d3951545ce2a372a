import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test';
import { afterEach, beforeEach, vi } from 'vitest';
import { createApp } from '../../worker/app';
import { assetManifest } from '../../worker/render/assets-manifest';
import { BROWSER_UA } from './helpers';

/** GitHub, for these tests: a host no test can reach, answered by fakeGitHub() at fetch(). */
export const GITHUB_ORIGIN = 'https://github.upstream.test';
/** A GitHub OAuth app's id and secret, shaped as GitHub gives them out. */
export const CLIENT_ID = 'Ov23liTestClientId01';
export const CLIENT_SECRET = '0123456789abcdef0123456789abcdef01234567';
/** The settings of a site whose editor is set up: the app's secrets, and GitHub at the fake. */
export const SET_UP = { GITHUB_OAUTH_CLIENT_ID: CLIENT_ID, GITHUB_OAUTH_CLIENT_SECRET: CLIENT_SECRET, GITHUB_OAUTH_ORIGIN: GITHUB_ORIGIN };
/** Unset: `undefined` hides a developer's .dev.vars, which the test runner loads. */
export const NOT_SET_UP = { GITHUB_OAUTH_CLIENT_ID: undefined, GITHUB_OAUTH_CLIENT_SECRET: undefined, GITHUB_OAUTH_ORIGIN: GITHUB_ORIGIN };

const app = createApp();
let n = 0;

/**
 * A GET through the real app as a browser sends it (no redirect followed),
 * each from its own client unless `ip` says (the rate limit bites only where
 * a test means it to), with `settings` over the test's bindings.
 */
export async function visit(
  path: string,
  {
    headers = {},
    settings = SET_UP,
    ip,
    method = 'GET',
  }: { headers?: Record<string, string>; settings?: Record<string, unknown>; ip?: string; method?: string } = {},
): Promise<Response> {
  const ctx = createExecutionContext();
  const res = await app.fetch(
    new Request(`https://jeepfl.ch${path}`, {
      method,
      headers: { 'User-Agent': BROWSER_UA, 'CF-Connecting-IP': ip ?? `198.51.120.${(++n % 250) + 1}`, ...headers },
      redirect: 'manual',
    }),
    { ...env, ...settings },
    ctx,
  );
  await waitOnExecutionContext(ctx);
  return res;
}

/** What the fake GitHub was asked for its token, and what it answers. */
export interface GitHubFake {
  /** The body of each `POST /login/oauth/access_token`, with its Accept header and whether it could time out. */
  exchanges: { body: Record<string, unknown>; accept: string | null; timed: boolean }[];
  /** A reply (status 200 unless `status`), or a failure thrown as fetch throws it. */
  answer: { json: unknown; status?: number } | { fails: Error };
}

/**
 * GitHub's token endpoint, faked at the network boundary with its real
 * shapes, fresh for each test of the calling file. Any other outbound
 * request fails the test.
 */
export function useFakeGitHub(): () => GitHubFake {
  let fake: GitHubFake;
  beforeEach(() => {
    fake = { exchanges: [], answer: { json: { access_token: 'gho_unused', token_type: 'bearer', scope: 'repo' } } };
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        const request = new Request(input, init);
        if (request.method !== 'POST' || request.url !== `${GITHUB_ORIGIN}/login/oauth/access_token`) {
          throw new Error(`Unexpected outbound request in a test: ${request.method} ${request.url}`);
        }
        fake.exchanges.push({
          body: await request.json(),
          accept: request.headers.get('Accept'),
          timed: init?.signal instanceof AbortSignal,
        });
        if ('fails' in fake.answer) throw fake.answer.fails;
        return Response.json(fake.answer.json, { status: fake.answer.status ?? 200 });
      }),
    );
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });
  return () => fake;
}

/** Runs the calling file's tests on a build whose manifest names the editor's bundle as `entry`, or none (null). */
export function withEditorBuilt(entry: string | null) {
  const manifest = assetManifest as unknown as { cms?: { entry: string } };
  let before: { entry: string } | undefined;
  beforeEach(() => {
    before = manifest.cms;
    if (entry === null) delete manifest.cms;
    else manifest.cms = { entry };
  });
  afterEach(() => {
    if (before === undefined) delete manifest.cms;
    else manifest.cms = before;
  });
}

/** Every console call of the test, as one string (log lines are objects: platform/log.ts). */
export function captureLogs(): () => string {
  const calls: unknown[] = [];
  for (const method of ['log', 'info', 'warn', 'error', 'debug'] as const)
    vi.spyOn(console, method).mockImplementation((...args: unknown[]) => void calls.push(args));
  return () => JSON.stringify(calls);
}

/** The policy of a response, directive by directive. */
export function csp(res: Response): Map<string, string> {
  return new Map(
    (res.headers.get('Content-Security-Policy') ?? '')
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .map(([name, ...values]) => [name!, values.join(' ')]),
  );
}
