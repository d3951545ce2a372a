import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';

// `npm run outbox -- …` (scripts/outbox.mjs) against a fake /admin/outbox API
// that answers with the shapes the Worker promises and records every request.
const root = path.resolve(import.meta.dirname, '../..');
const script = path.join(root, 'scripts/outbox.mjs');
const TOKEN = 'test-token_9Xq2vLwR7mKp4sTz8bNc1dFh6jGy3aEu0iOo5lQ';
const DEAD = '0b5c3e1a-8f2d-4c6b-9a7e-1d2f3a4b5c6d';
const SENT = '7e1d2f3a-4b5c-4d6e-8f70-1a2b3c4d5e6f';
const UNKNOWN = 'ffffffff-ffff-4fff-8fff-ffffffffffff';
/** Answered 409 busy on resend; answered with the token echoed back. */
const BUSY = 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb';
const ECHO = 'eeeeeeee-eeee-4eee-8eee-eeeeeeeeeeee';
const ESC = '\u001b';

const summary = (id: string, status: string, extra: object = {}) => ({
  id,
  form: 'contact',
  locale: 'fr',
  created: '2025-03-01T09:05:00.000Z',
  status,
  attempts: status === 'dead' ? 6 : 1,
  nextAttemptAt: '2025-03-01T09:10:00.000Z',
  sent: { association: status === 'sent', visitor: status === 'sent' },
  ...extra,
});
const SUBMISSIONS = [
  summary(DEAD, 'dead', { lastError: `MailChannels 550: ${ESC}[31mmailbox unavailable${ESC}[0m for this recipient, and then a very long explanation`, failure: 'permanent' }),
  summary(SENT, 'sent', { form: 'estimate', locale: 'en' }),
];
const CSV = 'id,name,message\r\n' + `${DEAD},Jane,"two\r\nlines"\r\n` + `${SENT},"Doe, John","say ""hi"""\r\n`;

type Seen = { method: string; url: string; headers: IncomingMessage['headers']; body: string };
const seen: Seen[] = [];
let server: Server;
let base = '';
let dir = '';

/** When set, the fake stands behind Cloudflare Access: without a service token, a redirect to its login. */
let behindAccess = false;

function answer(req: Seen): [number, string, string] {
  const json = (status: number, value: unknown): [number, string, string] => [status, 'application/json', JSON.stringify(value)];
  if (behindAccess && !req.headers['cf-access-client-id']) return [302, 'text/html', ''];
  if (req.headers.authorization !== `Bearer ${TOKEN}`) return [404, 'text/html; charset=utf-8', '<!doctype html><title>Page not found</title>'];
  const url = new URL(req.url, 'http://x');
  const state = url.searchParams.get('state');
  if (url.pathname === '/admin/outbox') return json(200, { submissions: SUBMISSIONS.filter((s) => !state || s.status === state) });
  if (url.pathname === '/admin/outbox/export') return [200, 'text/csv; charset=utf-8', CSV];
  if (url.pathname === '/admin/outbox/resend-dead' && req.method === 'POST') return json(200, { resent: [DEAD] });
  if (url.pathname === `/admin/outbox/${BUSY}/resend`) return json(409, { error: 'busy', message: `${BUSY} is being sent right now: try again in two minutes.` });
  if (url.pathname === `/admin/outbox/${ECHO}`) return json(400, { error: 'odd', message: `the server repeats what it got: Bearer ${TOKEN}` });
  const match = /^\/admin\/outbox\/([^/]+)(\/resend)?$/.exec(url.pathname);
  const found = SUBMISSIONS.find((s) => s.id === match?.[1]);
  if (!found) return json(404, { error: 'not_found', message: 'No submission has this id.' });
  if (req.method === 'DELETE' && !match?.[2]) return json(200, { deleted: found.id, was: found.status });
  if (!match?.[2]) {
    const fields = { name: 'Jane Doe', email: 'jane@example.org', languages: ['fr', 'en'], message: `Bonjour,\n${ESC}]0;pwned${ESC}\\${ESC}[2Jsee you\u009b31m` };
    return json(200, { submission: { ...found, fields, estimate: { words: 1200, total: { amount: 240, currency: 'CHF' } } } });
  }
  const force = JSON.parse(req.body || '{}').force === true;
  if (found.status === 'sent' && !force) return json(409, { error: 'already_sent', message: 'This submission was already sent.' });
  return json(200, { submission: { ...found, status: 'pending' }, was: found.status });
}

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'outbox-cli-'));
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk));
    req.on('end', () => {
      const entry = { method: req.method ?? '', url: req.url ?? '', headers: req.headers, body };
      seen.push(entry);
      const [status, type, text] = answer(entry);
      const location = status === 302 ? { Location: 'https://jeepfl.cloudflareaccess.com/cdn-cgi/access/login/jeepfl.ch' } : {};
      res.writeHead(status, { 'Content-Type': type, ...location }).end(text);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  server.close();
  rmSync(dir, { recursive: true, force: true });
});
afterEach(() => {
  seen.length = 0;
});

const outputs: string[] = [];
/** Runs the script as a maintainer would (stdin not a terminal); ADMIN_TOKEN is the right one unless `env` says otherwise. */
function outbox(args: string[], env: Record<string, string | undefined> = { ADMIN_TOKEN: TOKEN }) {
  // An undefined variable is not passed on: ADMIN_TOKEN never leaks in from the shell running the tests.
  const childEnv: Record<string, string | undefined> = { ...process.env, ADMIN_TOKEN: undefined, ...env };
  const child = spawn(process.execPath, [script, ...args], { cwd: dir, env: childEnv as typeof process.env, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk));
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => {
      outputs.push(stdout, stderr);
      resolve({ code, stdout, stderr });
    });
  });
}

describe('npm run outbox', () => {
  it('list: a table in Zurich time with the counts, and the token in the Authorization header', async () => {
    const run = await outbox(['list', '--url', `${base}/`]);
    expect(run.code).toBe(0);
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ method: 'GET', url: '/admin/outbox' });
    expect(seen[0]!.headers).toMatchObject({ authorization: `Bearer ${TOKEN}`, accept: 'application/json', 'user-agent': 'jeepfl-outbox/1.0' });
    const lines = run.stdout.split('\n');
    expect(lines[0]).toMatch(/^CREATED.*STATUS.*FORM.*ATTEMPTS.*ID.*LAST ERROR$/);
    expect(lines[1]).toMatch(new RegExp(`^2025-03-01 10:05 +dead +contact +6 +${DEAD} +MailChannels 550: \\[31mmailbox unavailable`));
    expect(lines[1]!.length).toBeLessThan(160);
    expect(run.stdout).toContain('2 submissions (0 pending, 1 dead, 1 sent)');
    expect(run.stdout).not.toContain(ESC);
  });

  it('list --state: passes the state, and says when there is none', async () => {
    const run = await outbox(['list', '--state', 'pending', '--url', base]);
    expect(seen[0]!.url).toBe('/admin/outbox?state=pending');
    expect(run).toMatchObject({ code: 0, stdout: 'No pending submissions.\n' });
  });

  it('show: one key per line, fields indented, and no escape sequence reaches the terminal', async () => {
    const run = await outbox(['show', DEAD, '--url', base]);
    expect(run.code).toBe(0);
    expect(seen[0]!.url).toBe(`/admin/outbox/${DEAD}`);
    expect(run.stdout).toContain(`id: ${DEAD}\n`);
    expect(run.stdout).toContain('status: dead\n');
    expect(run.stdout).toContain('fields:\n  name: Jane Doe\n  email: jane@example.org\n  languages: fr, en\n  message:\n    Bonjour,\n');
    expect(run.stdout).toContain('estimate:\n  words: 1200\n  total:\n    amount: 240\n');
    expect(run.stdout).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/);
  });

  it('show: an unknown id prints the server message and exits 1', async () => {
    const run = await outbox(['show', UNKNOWN, '--url', base]);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('No submission has this id.');
  });

  it('resend of a dead submission: pending again, sent with an empty JSON body', async () => {
    const run = await outbox(['resend', DEAD, '--url', base]);
    expect(run.code).toBe(0);
    expect(seen[0]).toMatchObject({ method: 'POST', url: `/admin/outbox/${DEAD}/resend`, body: '{}' });
    expect(seen[0]!.headers['content-type']).toBe('application/json');
    expect(run.stdout).toBe(`${DEAD} is pending again (it was dead): the next cron run, within 5 minutes, sends what is still missing.\n`);
  });

  it('resend of a sent submission: refused without --force (exit 1, with the hint), done with it', async () => {
    const refused = await outbox(['resend', SENT, '--url', base]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('This submission was already sent.');
    expect(refused.stderr).toContain(`npm run outbox -- resend ${SENT} --force`);
    const forced = await outbox(['resend', SENT, '--force', '--url', base]);
    expect(forced.code).toBe(0);
    expect(seen.map((r) => r.body)).toEqual(['{}', '{"force":true}']);
    expect(forced.stdout).toContain("the association's copy goes again at the next cron run (the visitor's confirmation is never sent twice)");
  });

  it('behind Cloudflare Access: sends the service token when both variables are set, refuses half of one', async () => {
    const run = await outbox(['list', '--url', base], { ADMIN_TOKEN: TOKEN, CF_ACCESS_CLIENT_ID: 'id.access', CF_ACCESS_CLIENT_SECRET: 'access-secret' });
    expect(run.code).toBe(0);
    expect(seen[0]!.headers).toMatchObject({ 'cf-access-client-id': 'id.access', 'cf-access-client-secret': 'access-secret' });
    const half = await outbox(['list', '--url', base], { ADMIN_TOKEN: TOKEN, CF_ACCESS_CLIENT_ID: 'id.access' });
    expect(half.code).toBe(2);
    expect(half.stderr).toContain('Set both CF_ACCESS_CLIENT_ID and CF_ACCESS_CLIENT_SECRET');
    expect(seen).toHaveLength(1);
  });

  it('behind Cloudflare Access without the service token: says so, instead of suggesting another --url', async () => {
    behindAccess = true;
    try {
      const run = await outbox(['list', '--url', base]);
      expect(run.code).toBe(1);
      expect(run.stderr).toContain('Cloudflare Access stopped the request: set CF_ACCESS_CLIENT_ID and CF_ACCESS_CLIENT_SECRET');
    } finally {
      behindAccess = false;
    }
  });

  it('resend --all-dead: one request, each id, and what happens next', async () => {
    const run = await outbox(['resend', '--all-dead', '--url', base]);
    expect(run.code).toBe(0);
    expect(seen.map((r) => `${r.method} ${r.url}`)).toEqual(['POST /admin/outbox/resend-dead']);
    expect(run.stdout).toBe(`${DEAD}\n1 dead submission is pending again: the next cron run, within 5 minutes, sends what is still missing.\n`);
    expect((await outbox(['resend', DEAD, '--all-dead', '--url', base])).code).toBe(2);
  });

  it('resend of one being sent right now: the server says busy, exit 1, nothing claimed done', async () => {
    const run = await outbox(['resend', BUSY, '--url', base]);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('is being sent right now: try again in two minutes.');
    expect(run.stdout).toBe('');
  });

  it('a server that echoes the token never gets it printed', async () => {
    const run = await outbox(['show', ECHO, '--url', base]);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('the server repeats what it got: Bearer [token]');
    expect(run.stderr).not.toContain(TOKEN);
  });

  it('delete: without --yes it only says what it would delete; with it, DELETE and the state it was in', async () => {
    const dry = await outbox(['delete', DEAD, '--url', base]);
    expect(dry.code).toBe(0);
    expect(seen.map((r) => r.method)).toEqual(['GET']);
    expect(dry.stdout).toContain(`Nothing deleted. To delete it for good (it cannot be undone): npm run outbox -- delete ${DEAD} --yes`);
    const done = await outbox(['delete', DEAD, '--yes', '--url', base]);
    expect(done.code).toBe(0);
    expect(seen.map((r) => `${r.method} ${r.url}`)).toEqual([`GET /admin/outbox/${DEAD}`, `DELETE /admin/outbox/${DEAD}`]);
    expect(done.stdout).toBe(`${DEAD} is deleted (it was dead).\n`);
  });

  it('export: writes the CSV bytes as they came, counts records (not lines), never overwrites', async () => {
    const run = await outbox(['export', '--since', '2025-01-31', '--out', 'march.csv', '--url', base]);
    expect(run.code).toBe(0);
    expect(seen[0]!.url).toBe('/admin/outbox/export?since=2025-01-31');
    expect(seen[0]!.headers.accept).toBe('text/csv');
    expect(readFileSync(path.join(dir, 'march.csv'), 'utf8')).toBe(CSV);
    expect(run.stdout).toContain("Wrote 2 submissions to march.csv. It holds visitors' personal data");
    const again = await outbox(['export', '--out', 'march.csv', '--url', base]);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('march.csv already exists');
    expect(seen).toHaveLength(1);
  });

  it("export: the default file is today's outbox-export-YYYY-MM-DD.csv in the current folder", async () => {
    const run = await outbox(['export', '--url', base]);
    expect(run.code).toBe(0);
    const file = /to (outbox-export-\d{4}-\d{2}-\d{2}\.csv)\./.exec(run.stdout)?.[1];
    expect(file && existsSync(path.join(dir, file))).toBe(true);
  });

  it('a wrong token gets the HTML 404: explained (wrong token, secret not set, or rate-limited), exit 1', async () => {
    const run = await outbox(['list', '--url', base], { ADMIN_TOKEN: 'not-the-token' });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('either the token is wrong, or ADMIN_TOKEN is not set on this Worker');
    expect(run.stderr).toContain('rate-limited');
  });

  it.each([
    [['show', 'abc'], 'not a submission id'],
    [['resend', '../../evil'], 'not a submission id'],
    [['export', '--since', '2025-02-30'], '--since must be a date written YYYY-MM-DD'],
    [['export', '--since', '31.01.2025'], '--since must be a date written YYYY-MM-DD'],
    [['export', '--since', '2025-13-01'], '--since must be a date written YYYY-MM-DD'],
    [['list', '--state', 'lost'], '--state must be pending, dead or sent'],
    [['list', '--force'], '--force does not go with list'],
  ])('%j is refused with exit 2 before any request', async (args, message) => {
    const run = await outbox([...args, '--url', base]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(message);
    expect(seen).toHaveLength(0);
  });

  it('plain http to another computer is refused (the token would travel in clear)', async () => {
    const run = await outbox(['list', '--url', 'http://jeepfl.ch']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('would send the admin token in clear');
  });

  it('no token and no terminal to ask in: exit 2, saying how to set it', async () => {
    const run = await outbox(['list', '--url', 'https://outbox.invalid'], {});
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('ADMIN_TOKEN=… npm run outbox -- list --url https://jeepfl.ch');
    expect(run.stderr).toContain('npx wrangler secret put ADMIN_TOKEN --env production');
  });

  it('a local site that does not answer: asks whether npm run dev is running', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const run = await outbox(['list', '--url', `http://127.0.0.1:${port}`]);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('Is `npm run dev` running?');
  });

  it('new-token: 43 base64url characters on stdout, how to install it on stderr, no network', async () => {
    const run = await outbox(['new-token'], {});
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^[A-Za-z0-9_-]{43}\n$/);
    expect(run.stderr).toContain('npx wrangler secret put ADMIN_TOKEN --env production');
  });

  it('never prints the token, nor a stack trace', () => {
    expect(outputs.length).toBeGreaterThan(20);
    for (const text of outputs) {
      expect(text).not.toContain(TOKEN);
      expect(text).not.toMatch(/\n\s+at /);
    }
  });
});
