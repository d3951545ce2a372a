import { spawn } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterEach, describe, expect, inject, it } from 'vitest';

// `npm run smoke -- <url>` (scripts/smoke.mjs) as the deploy pipeline and the
// maintainers run it: a process, read through its exit code and its lines.
const root = path.resolve(import.meta.dirname, '../..');
const script = path.join(root, 'scripts/smoke.mjs');

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
  ok: string[];
  fail: string[];
}

function smoke(...args: string[]): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [script, ...args], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code) => {
      const lines = stdout.split('\n');
      resolve({ code, stdout, stderr, ok: lines.filter((l) => l.startsWith('ok ')), fail: lines.filter((l) => l.startsWith('FAIL ')) });
    });
  });
}

interface Answer {
  status: number;
  headers: http.OutgoingHttpHeaders;
  body?: string;
}

const servers: http.Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((resolve) => s.close(resolve))));
});

/**
 * The local Worker behind a proxy on 127.0.0.1 that lets `tamper` change an
 * answer (status, headers, body) on its way back: a deployed site gone wrong.
 */
async function brokenSite(tamper: (path: string, answer: Answer, method: string) => void): Promise<string> {
  const upstream = new URL(inject('baseURL'));
  const server = http.createServer((req, res) => {
    const forward = http.request(
      { host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers: { ...req.headers, host: upstream.host } },
      (up) => {
        const answer: Answer = { status: up.statusCode ?? 502, headers: { ...up.headers } };
        tamper(new URL(req.url ?? '/', upstream).pathname, answer, req.method ?? 'GET');
        if (answer.body === undefined) {
          res.writeHead(answer.status, answer.headers);
          up.pipe(res);
          return;
        }
        up.resume();
        for (const name of ['content-length', 'content-encoding', 'transfer-encoding', 'etag']) delete answer.headers[name];
        res.writeHead(answer.status, answer.headers);
        res.end(answer.body);
      },
    );
    forward.on('error', () => res.destroy());
    req.pipe(forward);
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe('npm run smoke', () => {
  it('passes against the local Worker: exit 0, one ok line per check', async () => {
    const run = await smoke(`${inject('baseURL')}/`);
    expect(run.fail).toEqual([]);
    expect(run.code).toBe(0);
    expect(run.ok).toEqual([
      expect.stringMatching(/^ok +\/ answers 200 with the French HTML page/),
      expect.stringMatching(/^ok +\/ sends the security headers and Cache-Control/),
      expect.stringMatching(/^ok +\/ was rendered ahead by the build \(X-Page-Source: build\)/),
      expect.stringMatching(/^ok +\/en answers 200 with the English HTML page/),
      expect.stringMatching(/^ok +\/en sends the security headers and Cache-Control/),
      expect.stringMatching(/^ok +\/en was rendered ahead by the build \(X-Page-Source: build\)/),
      expect.stringMatching(/^ok +\/linkedin redirects to https:\/\/www\.linkedin\.com\/company\/jeepfl /),
      expect.stringMatching(/^ok +\/robots\.txt answers 200 text\/plain/),
      expect.stringMatching(/^ok +\/sitemap\.xml answers 200 with an XML <urlset>/),
      expect.stringMatching(/^ok +GET \/api\/contact is refused with 405 and Allow: POST/),
      expect.stringMatching(/^ok +POST \/api\/contact with a made-up bot-check token is refused with 400 bad_captcha/),
      expect.stringMatching(/^ok +GET \/admin\/outbox without a token is refused \(404, or Cloudflare Access\)/),
    ]);
    expect(run.stdout).toContain('All 12 checks passed.');
  });

  it('checks the short link --short-link names, a site path included', async () => {
    const run = await smoke(inject('baseURL'), '--short-link', 'theytrustus');
    expect(run.code).toBe(0);
    expect(run.ok).toContainEqual(expect.stringMatching(/^ok +\/theytrustus redirects to \/portfolio /));
  });

  it('fails, naming the header, when a page lacks Strict-Transport-Security', async () => {
    const site = await brokenSite((_, answer) => delete answer.headers['strict-transport-security']);
    const run = await smoke(site);
    expect(run.code).toBe(1);
    expect(run.fail).toEqual([
      expect.stringMatching(/^FAIL +\/ sends the security headers.*Strict-Transport-Security: expected max-age .*, got nothing$/),
      expect.stringMatching(/^FAIL +\/en sends the security headers.*Strict-Transport-Security: expected max-age .*, got nothing$/),
    ]);
    expect(run.stdout).toContain('2 of 12 checks FAILED');
  });

  it('fails on a weakened header value, not only a missing one', async () => {
    const site = await brokenSite((p, answer) => {
      if (p === '/en') answer.headers['x-frame-options'] = 'SAMEORIGIN';
    });
    const run = await smoke(site);
    expect(run.code).toBe(1);
    expect(run.fail).toEqual([
      expect.stringMatching(/^FAIL +\/en sends the security headers.*X-Frame-Options: expected DENY, got "SAMEORIGIN"/),
    ]);
  });

  it("fails when the pages were rendered for the request: the deploy's settings are not those its build rendered for", async () => {
    const site = await brokenSite((p, answer) => {
      if (p === '/') answer.headers['x-page-source'] = 'request';
    });
    const run = await smoke(site);
    expect(run.code).toBe(1);
    expect(run.fail).toEqual([
      expect.stringMatching(/^FAIL +\/ was rendered ahead by the build .*X-Page-Source: expected build, got "request" .*npm run deploy/),
    ]);
  });

  it('fails when GET /api/contact is not refused with 405', async () => {
    const site = await brokenSite((p, answer, method) => {
      if (p === '/api/contact' && method === 'GET') Object.assign(answer, { status: 200, body: '{"ok":true}' });
    });
    const run = await smoke(site);
    expect(run.code).toBe(1);
    expect(run.fail).toEqual([expect.stringMatching(/^FAIL +GET \/api\/contact .*: expected status 405, got 200$/)]);
  });

  it('checks that the forms can check a post: a made-up token refused (400 bad_captcha), never stored', async () => {
    const run = await smoke(`${inject('baseURL')}/`);
    expect(run.ok).toContainEqual(expect.stringMatching(/^ok +POST \/api\/contact with a made-up bot-check token is refused/));
  });

  it.each([
    [503, '{"ok":false,"message":"unavailable"}', 'got 503: the forms refuse every post'],
    [200, '{"ok":true,"id":"x"}', "Cloudflare's always-pass test secrets"],
  ])('fails when a made-up token is answered %i', async (status, body, line) => {
    const site = await brokenSite((p, answer, method) => {
      if (p === '/api/contact' && method === 'POST') Object.assign(answer, { status, body });
    });
    const run = await smoke(site);
    expect(run.code).toBe(1);
    expect(run.fail).toEqual([expect.stringContaining(line)]);
  });

  it('fails when the outbox answers without a token', async () => {
    const site = await brokenSite((p, answer) => {
      if (p === '/admin/outbox') Object.assign(answer, { status: 200, body: '{"submissions":[]}' });
    });
    const run = await smoke(site);
    expect(run.code).toBe(1);
    expect(run.fail).toEqual([
      expect.stringMatching(/^FAIL +GET \/admin\/outbox .*: expected status 404 \(or a redirect to Cloudflare Access\), got 200$/),
    ]);
  });

  it('accepts Cloudflare Access in front of the outbox (a redirect to its login)', async () => {
    const site = await brokenSite((p, answer) => {
      if (p === '/admin/outbox')
        Object.assign(answer, {
          status: 302,
          body: '',
          headers: { ...answer.headers, location: 'https://jeepfl.cloudflareaccess.com/cdn-cgi/access/login/jeepfl.ch' },
        });
    });
    const run = await smoke(site);
    expect(run.fail).toEqual([]);
  });

  it('fails when the short link does not redirect to its target', async () => {
    const site = await brokenSite((p, answer) => {
      if (p === '/linkedin') answer.headers.location = 'https://evil.example/';
    });
    const run = await smoke(site);
    expect(run.code).toBe(1);
    expect(run.fail).toEqual([
      expect.stringMatching(
        /^FAIL +\/linkedin .*expected Location https:\/\/www\.linkedin\.com\/company\/jeepfl, got "https:\/\/evil\.example\/"/,
      ),
    ]);
  });

  it('--expect-noindex fails on a site that can be indexed, and passes on one that cannot (staging)', async () => {
    const indexable = await smoke(inject('baseURL'), '--expect-noindex');
    expect(indexable.code).toBe(1);
    expect(indexable.fail).toEqual([
      expect.stringMatching(/^FAIL +\/ sends X-Robots-Tag: noindex.*got nothing$/),
      expect.stringMatching(/^FAIL +\/en sends X-Robots-Tag: noindex.*got nothing$/),
      expect.stringMatching(/^FAIL +\/robots\.txt disallows everything.*Allow: \//),
    ]);

    const staging = await brokenSite((p, answer) => {
      answer.headers['x-robots-tag'] = 'noindex, nofollow';
      if (p === '/robots.txt') answer.body = 'User-agent: *\nDisallow: /\n';
    });
    const run = await smoke(staging, '--expect-noindex');
    expect(run.fail).toEqual([]);
    expect(run.code).toBe(0);
    expect(run.ok).toHaveLength(15);
  });

  it('without --expect-noindex, fails on a public site that shuts search engines out (staging settings in production)', async () => {
    const hidden = await brokenSite((p, answer) => {
      answer.headers['x-robots-tag'] = 'noindex, nofollow';
      if (p === '/robots.txt') answer.body = 'User-agent: *\nDisallow: /\n';
    });
    const run = await smoke(hidden);
    expect(run.code).toBe(1);
    expect(run.fail).toEqual([
      expect.stringMatching(/^FAIL +\/ may be indexed: X-Robots-Tag: expected no noindex/),
      expect.stringMatching(/^FAIL +\/en may be indexed/),
      expect.stringMatching(/^FAIL +\/robots\.txt lets search engines in/),
    ]);
  });

  it('--env reads the address from wrangler.toml, and refuses an environment it does not have', async () => {
    const run = await smoke('--env', 'preview');
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('wrangler.toml has no SITE_URL for the environment "preview"');
  });

  it('exits 2 with a usage line when the URL is missing or not http(s)', async () => {
    for (const args of [[], ['ftp://jeepfl.ch'], ['jeepfl.ch']]) {
      const run = await smoke(...args);
      expect(run.code).toBe(2);
      expect(run.stderr).toMatch(/^usage: npm run smoke -- <url>/m);
      expect(run.stdout).toBe('');
    }
  });
});
