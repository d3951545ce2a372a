import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { BrowserContext } from 'playwright-core';
import { fixtureContentDir } from '../fixtures/fixtures';

/*
 * Decap's local backend for the browser tests of the editor at /cms:
 * decap-server (MODE=fs, as `npm run cms` runs it), writing into a throwaway
 * folder that holds a copy of the fixtures' content/, never the repository's
 * content/ nor the fixtures themselves. It listens on a free port, not on
 * the 8081 a developer's `npm run cms` may hold: the editor asks for Decap's
 * fixed address (EDITOR_BACKEND), and the browser context sends those
 * requests here instead.
 */

const root = path.resolve(import.meta.dirname, '../..');
const run = promisify(execFile);

/** Where the editor looks for the local backend (decap-cms-core's default, which /cms's policy allows in development). */
const EDITOR_BACKEND = 'http://localhost:8081/api/v1';

export interface LocalBackend {
  /** The folder decap-server writes into, as into a checkout: content/ is in it. */
  repo: string;
  /** Its content/, a copy of the fixtures'. */
  content: string;
  /** decap-server's address. */
  url: string;
  /** Every action the editor asked of it, in order (`entriesByFolder`, `persistEntry`, …). */
  actions: string[];
  /** Stops decap-server (waiting until it has exited) and removes the folder. */
  stop(): Promise<void>;
}

/** A port nothing listens on now (decap-server cannot be given port 0: it would not say which one it got). */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve, reject) => server.once('error', reject).listen(0, '127.0.0.1', () => resolve()));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (!address || typeof address === 'string') throw new Error('no port for decap-server');
  return address.port;
}

/** Whether the server at `url` is decap-server writing into `repo` (its `info` names the folder), not another on that port. */
async function serves(url: string, repo: string): Promise<boolean> {
  try {
    const res = await fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"action":"info"}' });
    return res.ok && ((await res.json()) as { repo?: string }).repo === path.basename(repo);
  } catch {
    return false;
  }
}

/** Stops a child and resolves once it has exited (SIGKILL only if SIGTERM is not enough). */
async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
  await exited;
  clearTimeout(timer);
}

/** decap-server on a free port, writing into `repo`; tried again on another port if one was taken in between. */
async function serve(repo: string): Promise<{ child: ChildProcess; url: string }> {
  let output = '';
  for (let attempt = 1; attempt <= 3; attempt++) {
    const port = await freePort();
    const child = spawn(process.execPath, [path.join(root, 'node_modules/.bin/decap-server')], {
      // decap-server reads a .env where it starts: the throwaway folder has none.
      cwd: repo,
      env: { ...process.env, BIND_HOST: '127.0.0.1', PORT: String(port), MODE: 'fs', GIT_REPO_DIRECTORY: repo },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout!.on('data', (d) => (output += d));
    child.stderr!.on('data', (d) => (output += d));
    const url = `http://127.0.0.1:${port}/api/v1`;
    const deadline = Date.now() + 20_000;
    while (child.exitCode === null && Date.now() < deadline) {
      if (await serves(url, repo)) return { child, url };
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await stopChild(child);
  }
  throw new Error(`decap-server did not start:\n${output}`);
}

/** Starts decap-server over a fresh copy of the fixtures' content. */
export async function startLocalBackend(): Promise<LocalBackend> {
  const repo = mkdtempSync(path.join(tmpdir(), 'jeepfl-cms-'));
  const content = path.join(repo, 'content');
  cpSync(fixtureContentDir, content, { recursive: true });
  try {
    const { child, url } = await serve(repo);
    return {
      repo,
      content,
      url,
      actions: [],
      async stop() {
        await stopChild(child);
        rmSync(repo, { recursive: true, force: true });
      },
    };
  } catch (e) {
    rmSync(repo, { recursive: true, force: true });
    throw e;
  }
}

/** Sends the editor's requests for the local backend, in every page of `context`, to `backend`, noting each action. */
export async function routeToBackend(context: BrowserContext, backend: LocalBackend): Promise<void> {
  await context.route(EDITOR_BACKEND, async (route) => {
    const action = (route.request().postDataJSON() as { action?: string } | null)?.action;
    if (action) backend.actions.push(action);
    await route.fulfill({ response: await route.fetch({ url: backend.url }) });
  });
}

/** Every file under `dir`, by its path there, with the hash of its bytes: what is on disk, to compare. */
export function filesOf(dir: string): Record<string, string> {
  const files: Record<string, string> = {};
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    files[path.relative(dir, file)] = createHash('sha256').update(readFileSync(file)).digest('hex');
  }
  return files;
}

/** What changed between two `filesOf`: the paths added, changed and removed, each sorted. */
export function changes(before: Record<string, string>, after: Record<string, string>) {
  const paths = [...new Set([...Object.keys(before), ...Object.keys(after)])].sort();
  return {
    added: paths.filter((p) => !(p in before)),
    changed: paths.filter((p) => p in before && p in after && before[p] !== after[p]),
    removed: paths.filter((p) => !(p in after)),
  };
}

/** `npm run content:check` on `content`: its output when the content is valid; throws with its report when not. */
export async function contentCheck(content: string): Promise<string> {
  const { stdout } = await run(process.execPath, [path.join(root, 'scripts/content-check.mjs'), content], { cwd: root });
  return stdout;
}
