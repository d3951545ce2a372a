// `wrangler dev` on the Worker as built (dist/worker, production React, as
// uploaded: scripts/build-worker.mjs), on a free port, with its own
// throwaway local state: the bench's server, and the test of the Worker in
// its uploaded shape (tests/node/deployed-worker.test.ts). `env` is added to
// the environment of wrangler and of the build it runs ([build]).
import { spawn } from 'node:child_process';
import { mkdtemp, readdir, readFile, readlink, rm } from 'node:fs/promises';
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

export async function startServer({ env = {}, direct = false } = {}) {
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
    // Asked by the bench only (its throughput); undefined when not asked or not found.
    direct: direct ? await directBase(child.pid, port).catch(() => undefined) : undefined,
    async stop() {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
      await rm(persist, { recursive: true, force: true });
    },
  };
}

/** The processes started by `pid`, at any depth (Linux's /proc). */
async function descendants(pid) {
  const parents = new Map();
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // `pid (name) state ppid …`: the name may hold spaces, so read after its last parenthesis.
      const stat = await readFile(`/proc/${entry}/stat`, 'utf8');
      parents.set(Number(entry), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      // gone meanwhile
    }
  }
  const found = [];
  for (let i = -1; i < found.length; i++) {
    const parent = i < 0 ? pid : found[i];
    for (const [child, ppid] of parents) if (ppid === parent) found.push(child);
  }
  return found;
}

/** The TCP ports on 127.0.0.1 that these processes listen on. */
async function listeningPorts(pids) {
  const inodes = new Set();
  for (const pid of pids) {
    try {
      for (const fd of await readdir(`/proc/${pid}/fd`)) {
        const target = await readlink(`/proc/${pid}/fd/${fd}`).catch(() => '');
        const inode = /^socket:\[(\d+)\]$/.exec(target)?.[1];
        if (inode) inodes.add(inode);
      }
    } catch {
      // gone meanwhile
    }
  }
  const ports = [];
  for (const line of (await readFile('/proc/net/tcp', 'utf8')).split('\n').slice(1)) {
    const [, local, , state, , , , , , inode] = line.trim().split(/\s+/);
    // 0100007F: 127.0.0.1; 0A: listening.
    if (state === '0A' && inodes.has(inode) && local.startsWith('0100007F:')) ports.push(Number.parseInt(local.split(':')[1], 16));
  }
  return ports;
}

/**
 * The address where workerd itself serves the Worker, behind `wrangler dev`'s
 * proxy (undefined off Linux, or if it cannot be told). That proxy runs every
 * HTML response through an HTMLRewriter to add its live-reload script when
 * asked to, so HTML pays a parse there that no deployed site does, and a
 * stylesheet does not: the throughput of a page against a file's is measured
 * here, without it (scripts/bench.mjs). Found among the ports the processes of
 * `wrangler dev` listen on: the one that answers the home page as the site does.
 */
async function directBase(pid, proxyPort) {
  if (process.platform !== 'linux') return undefined;
  for (const port of await listeningPorts(await descendants(pid))) {
    if (port === proxyPort) continue;
    try {
      const res = await fetch(`http://127.0.0.1:${port}/`, { headers: { Cookie: 'lang=fr' }, signal: AbortSignal.timeout(5000) });
      await res.arrayBuffer();
      if (res.status === 200 && res.headers.has('X-Page-Source')) return `http://127.0.0.1:${port}`;
    } catch {
      // not an HTTP server, or not this one
    }
  }
  return undefined;
}
