import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { FIXTURE_CONTENT } from '../fixtures/fixtures';
import { e2eVars, pageVars } from './bindings';
import { startFakeUpstreams } from './fake-upstreams';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
    persistTo: string;
    upstreamURL: string;
    /** The Worker's clock at start (ISO): the browser's, for a test that installs page.clock. */
    now: string;
  }
}

const root = path.resolve(import.meta.dirname, '../..');

/**
 * The day the site is served on, whatever the real date: noon in Lausanne on
 * the earliest deadline of the fixtures' job offers, so every offer is open.
 */
async function e2eNow(): Promise<string> {
  const { jobs } = await import('../../content/index.ts');
  return `${jobs.map((j) => j.validThrough).sort()[0]}T11:00:00.000Z`;
}

/** Waits for wrangler to say where it listens (it binds port 0 itself: no port is picked, freed, then raced for). */
async function readyURL(child: ChildProcess, log: () => string, timeoutMs = 90_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const ready = /Ready on (http:\/\/127\.0\.0\.1:\d+)/.exec(log());
    if (ready) return ready[1]!;
    if (child.exitCode !== null) throw new Error(`wrangler dev exited with ${child.exitCode}:\n${log()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`wrangler dev did not start within ${timeoutMs} ms:\n${log()}`);
}

async function waitFor(url: string, child: ChildProcess, log: () => string, timeoutMs = 90_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`wrangler dev exited with ${child.exitCode}:\n${log()}`);
    try {
      const res = await fetch(url, { redirect: 'manual' });
      if (res.status < 500) return;
    } catch {
      // listening, but not answering yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`wrangler dev did not answer ${url} within ${timeoutMs} ms:\n${log()}`);
}

/**
 * Starts the real site with `wrangler dev` (workerd, local KV in a throwaway
 * folder) on a port it picks itself, on the fixed day E2E_NOW
 * (tests/e2e/server/entry.js), for the browser tests. Stopped after the run.
 */
export default async function setup(project: TestProject) {
  // The tests' own content (wrangler dev's [build] builds it again, from the same CONTENT_DIR), never the association's.
  execFileSync(process.execPath, [path.join(root, 'scripts/build.mjs'), '--no-seed', '--content', FIXTURE_CONTENT], {
    cwd: root,
    stdio: 'pipe',
  });
  const E2E_NOW = await e2eNow();
  const persist = mkdtempSync(path.join(tmpdir(), 'jeepfl-e2e-'));
  // The default short links, as `npm run dev` has them, in this run's own KV.
  execFileSync(process.execPath, [path.join(root, 'scripts/links.mjs'), 'seed', '--persist-to', persist], { cwd: root, stdio: 'pipe' });
  const upstream = await startFakeUpstreams();
  const vars = e2eVars(upstream.url);
  let output = '';
  const child = spawn(
    process.execPath,
    [
      path.join(root, 'node_modules/wrangler/bin/wrangler.js'),
      'dev',
      'tests/e2e/server/entry.js',
      // The entry above imports the Worker's source (wrangler.toml's main is the build's bundle): wrangler bundles it,
      // as scripts/build-worker.mjs does, with the content and messages read from the [site] bucket's data file.
      '--bundle',
      '--alias',
      '#build/data.js:./worker/render/bucket-data.ts',
      '--define',
      `E2E_NOW:${JSON.stringify(E2E_NOW)}`,
      '--ip',
      '127.0.0.1',
      '--port',
      '0',
      '--persist-to',
      persist,
      '--inspector-port',
      '0',
      '--show-interactive-dev-session=false',
      '--test-scheduled',
      ...Object.entries(vars).flatMap(([k, v]) => ['--var', `${k}:${v}`]),
    ],
    {
      cwd: root,
      env: {
        ...process.env,
        CONTENT_DIR: FIXTURE_CONTENT,
        // wrangler dev's build renders the pages ahead for this server's settings too, from the day its clock shows.
        PRERENDER_VARS: JSON.stringify(pageVars(vars)),
        PRERENDER_FROM: E2E_NOW.slice(0, 10),
        WRANGLER_SEND_METRICS: 'false',
        CI: 'true',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const baseURL = await readyURL(child, () => output);
  await waitFor(`${baseURL}/_build.json`, child, () => output);
  project.provide('baseURL', baseURL);
  project.provide('persistTo', persist);
  project.provide('upstreamURL', upstream.url);
  project.provide('now', E2E_NOW);

  return async () => {
    // Stop when wrangler has exited, not after a guess; force it only if it hangs.
    const exited = child.exitCode !== null ? Promise.resolve() : new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill('SIGTERM');
    const hung = await Promise.race([
      exited.then(() => false),
      new Promise<boolean>((resolve) => setTimeout(() => resolve(true), 10_000).unref()),
    ]);
    if (hung) child.kill('SIGKILL');
    rmSync(persist, { recursive: true, force: true });
    await upstream.close();
  };
}
