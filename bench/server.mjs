// `wrangler dev` on the Worker as built (dist/worker, production React, as
// uploaded: scripts/build-worker.mjs), on a free port, with its own
// throwaway local state: the bench's server, and the test of the Worker in
// its uploaded shape (tests/node/deployed-worker.test.ts). `env` is added to
// the environment of wrangler and of the build it runs ([build]).
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

export async function startServer({ env = {} } = {}) {
  const port = await freePort();
  const persist = await mkdtemp(path.join(tmpdir(), 'jeepfl-bench-'));
  const child = spawn(
    process.execPath,
    [
      path.join(root, 'node_modules/wrangler/bin/wrangler.js'),
      'dev',
      '--ip',
      '127.0.0.1',
      '--port',
      String(port),
      '--inspector-port',
      '0',
      '--persist-to',
      persist,
      '--log-level',
      'error',
    ],
    {
      cwd: root,
      env: { ...process.env, NODE_ENV: 'production', WRANGLER_SEND_METRICS: 'false', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let log = '';
  child.stdout.on('data', (d) => (log += d));
  child.stderr.on('data', (d) => (log += d));
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`wrangler dev exited:\n${log}`);
    try {
      if ((await fetch(`${base}/`, { headers: { Cookie: 'lang=fr' } })).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`wrangler dev did not start:\n${log}`);
    await new Promise((r) => setTimeout(r, 300));
  }
  return {
    base,
    async stop() {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
      await rm(persist, { recursive: true, force: true });
    },
  };
}
