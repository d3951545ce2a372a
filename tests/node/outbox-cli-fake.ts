import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll } from 'vitest';

// `npm run outbox -- …` (scripts/outbox-cli.mjs) against a fake /admin/outbox API
// that answers with the shapes the Worker promises and records every request:
// shared by tests/node/outbox-cli*.test.ts.
const root = path.resolve(import.meta.dirname, '../..');
const script = path.join(root, 'scripts/outbox-cli.mjs');
export const TOKEN = 'test-token_9Xq2vLwR7mKp4sTz8bNc1dFh6jGy3aEu0iOo5lQ';
export const DEAD = '0b5c3e1a-8f2d-4c6b-9a7e-1d2f3a4b5c6d';
export const SENT = '7e1d2f3a-4b5c-4d6e-8f70-1a2b3c4d5e6f';
export const UNKNOWN = 'ffffffff-ffff-4fff-8fff-ffffffffffff';
/** Answered 409 busy on resend; answered with the token echoed back. */
export const BUSY = 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb';
export const ECHO = 'eeeeeeee-eeee-4eee-8eee-eeeeeeeeeeee';
export const ESC = '\u001b';

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
  summary(DEAD, 'dead', {
    lastError: `MailChannels 550: ${ESC}[31mmailbox unavailable${ESC}[0m for this recipient, and then a very long explanation`,
    failure: 'permanent',
  }),
  summary(SENT, 'sent', { form: 'estimate', locale: 'en' }),
];
/** As the Worker writes it: a byte order mark, `;` between quoted fields, a line break inside one. */
export const CSV = `\uFEFF"id";"name";"message"\r\n"${DEAD}";"Jane";"two\r\nlines"\r\n"${SENT}";"Doe; John";"say ""hi"""\r\n`;

type Seen = { method: string; url: string; headers: IncomingMessage['headers']; body: string };
export const seen: Seen[] = [];
let server: Server;
let base = '';
let dir = '';
/** The fake's address, and the folder the command runs in (export files land there). */
export const site = () => base;
export const folder = () => dir;

/**
 * When set, the list comes in these pages: the first without a cursor, page n
 * after cursor `page-n`; past `limitAfter` list requests, the ordinary 404 (the
 * site's rate limit).
 */
let listPages: { pages: object[][]; limitAfter: number; served: number } | null = null;
export const setListPages = (pages: object[][] | null, limitAfter = Infinity) => {
  listPages = pages && { pages, limitAfter, served: 0 };
};
/** When set, the export is `records` records written a hundred at a time; past `cutAfter` records, the connection is cut. */
let exportShape: { records: number; cutAfter?: number } | null = null;
export const setExport = (shape: { records: number; cutAfter?: number } | null) => {
  exportShape = shape;
};
export const exportRecord = (i: number) =>
  `"${String(i).padStart(8, '0')}-0000-4000-8000-000000000000";"Person ${i}";"Bonjour;\r\nà bientôt"\r\n`;

/** When set, the fake stands behind Cloudflare Access: without a service token, a redirect to its login. */
let behindAccess = false;
export const setBehindAccess = (value: boolean) => {
  behindAccess = value;
};

function answer(req: Seen): [number, string, string] {
  const json = (status: number, value: unknown): [number, string, string] => [status, 'application/json', JSON.stringify(value)];
  if (behindAccess && !req.headers['cf-access-client-id']) return [302, 'text/html', ''];
  if (req.headers.authorization !== `Bearer ${TOKEN}`)
    return [404, 'text/html; charset=utf-8', '<!doctype html><title>Page not found</title>'];
  const url = new URL(req.url, 'http://x');
  const state = url.searchParams.get('state');
  if (url.pathname === '/admin/outbox' && listPages) {
    if (++listPages.served > listPages.limitAfter) return [404, 'text/html; charset=utf-8', '<!doctype html><title>Page not found</title>'];
    const n = Number(url.searchParams.get('cursor')?.replace('page-', '') ?? 0);
    const next = n + 1 < listPages.pages.length ? `page-${n + 1}` : null;
    return json(200, { submissions: listPages.pages[n], more: next !== null, next });
  }
  if (url.pathname === '/admin/outbox') return json(200, { submissions: SUBMISSIONS.filter((s) => !state || s.status === state) });
  if (url.pathname === '/admin/outbox/export') return [200, 'text/csv; charset=utf-8', CSV];
  if (url.pathname === '/admin/outbox/resend-dead' && req.method === 'POST') return json(200, { resent: [DEAD] });
  if (url.pathname === `/admin/outbox/${BUSY}/resend`)
    return json(409, { error: 'busy', message: `${BUSY} is being sent right now: try again in two minutes.` });
  if (url.pathname === `/admin/outbox/${ECHO}`)
    return json(400, { error: 'odd', message: `the server repeats what it got: Bearer ${TOKEN}` });
  const match = /^\/admin\/outbox\/([^/]+)(\/resend)?$/.exec(url.pathname);
  const found = SUBMISSIONS.find((s) => s.id === match?.[1]);
  if (!found) return json(404, { error: 'not_found', message: 'No submission has this id.' });
  if (req.method === 'DELETE' && !match?.[2]) return json(200, { deleted: found.id, was: found.status });
  if (!match?.[2]) {
    const fields = {
      name: 'Jane Doe',
      email: 'jane@example.org',
      languages: ['fr', 'en'],
      message: `Bonjour,\n${ESC}]0;pwned${ESC}\\${ESC}[2Jsee you\u009b31m`,
    };
    return json(200, { submission: { ...found, fields, result: { words: 1200, total: { amount: 240, currency: 'CHF' } } } });
  }
  const force = JSON.parse(req.body || '{}').force === true;
  if (found.status === 'sent' && !force) return json(409, { error: 'already_sent', message: 'This submission was already sent.' });
  return json(200, { submission: { ...found, status: 'pending' }, was: found.status });
}

/** The export as the Worker streams it: the header, then a hundred records at a time, each chunk once the last was taken. */
async function streamExport(res: ServerResponse, { records, cutAfter }: { records: number; cutAfter?: number }) {
  res.writeHead(200, { 'Content-Type': 'text/csv; charset=utf-8' });
  res.write('\uFEFF"id";"name";"message"\r\n');
  for (let i = 0; i < records; i += 100) {
    if (cutAfter !== undefined && i >= cutAfter) return void res.destroy();
    const chunk = Array.from({ length: Math.min(100, records - i) }, (_, j) => exportRecord(i + j)).join('');
    if (!res.write(chunk)) await new Promise((resolve) => res.once('drain', resolve));
  }
  res.end();
}

/** Starts the fake for the calling test file, and forgets what it saw after each test. */
export function useFakeAdmin() {
  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'outbox-cli-'));
    server = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk));
      req.on('end', () => {
        const entry = { method: req.method ?? '', url: req.url ?? '', headers: req.headers, body };
        seen.push(entry);
        if (exportShape && entry.url.startsWith('/admin/outbox/export') && entry.headers.authorization === `Bearer ${TOKEN}`) {
          return void streamExport(res, exportShape);
        }
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
    listPages = null;
    exportShape = null;
  });
}

export const outputs: string[] = [];
/** Runs the script as a maintainer would (stdin not a terminal); ADMIN_TOKEN is the right one unless `env` says otherwise. */
export function outbox(args: string[], env: Record<string, string | undefined> = { ADMIN_TOKEN: TOKEN }) {
  // An undefined variable is not passed on: ADMIN_TOKEN never leaks in from the shell running the tests.
  const childEnv: Record<string, string | undefined> = { ...process.env, ADMIN_TOKEN: undefined, ...env };
  const child = spawn(process.execPath, [script, ...args], {
    cwd: dir,
    env: childEnv as typeof process.env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
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
