import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURE_CONTENT } from '../fixtures/fixtures';

/**
 * The Worker in the shape wrangler uploads it (docs/decisions/0017):
 * wrangler.toml's `main` (dist/worker/index.js), no bundling, each file of
 * chunks/ a module of its own, the [site] bucket with the pages rendered
 * ahead. The other tiers run the source (vitest bundles it, the browser
 * tests' server too); this one runs the build in workerd, with `wrangler dev`
 * and nothing else, and asks it for a page rendered ahead, a static file,
 * and a page that loads the on-demand module.
 */

const root = path.resolve(import.meta.dirname, '../..');
let child: ChildProcess | undefined;
let base = '';
let output = '';
const persist = mkdtempSync(path.join(tmpdir(), 'jeepfl-deployed-'));

beforeAll(async () => {
  child = spawn(
    process.execPath,
    [
      path.join(root, 'node_modules/wrangler/bin/wrangler.js'),
      'dev',
      '--ip',
      '127.0.0.1',
      '--port',
      '0',
      '--inspector-port',
      '0',
      '--persist-to',
      persist,
      '--show-interactive-dev-session=false',
    ],
    {
      cwd: root,
      // Its [build] makes the same dist/ the node tier's build made (the fixtures, from the same day).
      env: { ...process.env, CONTENT_DIR: FIXTURE_CONTENT, PRERENDER_FROM: '2025-01-01', WRANGLER_SEND_METRICS: 'false', CI: 'true' },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const deadline = Date.now() + 90_000;
  while (!base) {
    const ready = /Ready on (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
    if (ready) base = ready[1]!;
    else if (child.exitCode !== null) throw new Error(`wrangler dev exited with ${child.exitCode}:\n${output}`);
    else if (Date.now() > deadline) throw new Error(`wrangler dev did not start within 90 s:\n${output}`);
    else await new Promise((r) => setTimeout(r, 200));
  }
}, 120_000);

afterAll(async () => {
  if (child && child.exitCode === null) {
    const exited = new Promise((resolve) => child!.once('exit', resolve));
    child.kill('SIGTERM');
    await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000).unref())]);
    if (child.exitCode === null) child.kill('SIGKILL');
  }
  rmSync(persist, { recursive: true, force: true });
});

const get = (p: string) => fetch(`${base}${p}`, { headers: { Cookie: `lang=${p.startsWith('/en') ? 'en' : 'fr'}` }, redirect: 'manual' });

describe('the Worker as wrangler uploads it (dist/worker, no bundling)', () => {
  it('serves a page rendered ahead, in both languages, with its headers', async () => {
    for (const p of ['/', '/en/team']) {
      const res = await get(p);
      expect(res.status, p).toBe(200);
      expect(res.headers.get('x-page-source'), p).toBe('build');
      expect(res.headers.get('content-security-policy'), p).toContain("default-src 'self'");
      expect(await res.text(), p).toMatch(/^<!DOCTYPE html><html lang="(fr|en)"/);
    }
  });

  it('serves a static file, and a page that loads the on-demand module (React) for the request', async () => {
    expect((await get('/images/logo.svg')).status).toBe(200);
    const sent = await get('/contact?sent=contact');
    expect(sent.status).toBe(200);
    expect(sent.headers.get('x-page-source')).toBe('request');
    expect(await sent.text()).toContain('<html lang="fr"');
    expect((await get('/no-such-page')).status).toBe(404);
  });
});
