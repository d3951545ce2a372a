// `npm run cms [-- --port <n>]`: the editor against this checkout, with no
// GitHub account. Starts Decap's local backend (decap-server, on
// 127.0.0.1:8081, writing straight into content/ here) and the site
// (`npm run dev`, whose /cms page serves the editor), prints the editor's
// address, and stops both on Ctrl-C (or when either stops). On localhost the
// editor finds the local backend by itself (`local_backend` in
// scripts/cms-config.mjs); saving writes the files, `git diff` shows them.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { parseArgs } from 'node:util';

const root = path.resolve(import.meta.dirname, '..');
/** Where Decap looks for its local backend: fixed by the editor (http://localhost:8081/api/v1). */
const BACKEND_PORT = 8081;

const { values } = parseArgs({ options: { port: { type: 'string', default: '8787' } } });
if (!/^\d+$/.test(values.port)) {
  console.error(`npm run cms: --port takes a number, not ${values.port}`);
  process.exit(2);
}

// Each in a process group of its own, stopped whole (npm, wrangler and workerd alike) by stop().
const start = (command, args, env = process.env) => spawn(command, args, { cwd: root, stdio: 'inherit', env, detached: true });
const children = [
  start(path.join(root, 'node_modules/.bin/decap-server'), [], {
    ...process.env,
    BIND_HOST: '127.0.0.1',
    PORT: String(BACKEND_PORT),
    MODE: 'fs',
    GIT_REPO_DIRECTORY: root,
  }),
  start('npm', ['run', 'dev', '--', '--port', values.port]),
];

console.log(
  `\nThe editor: http://localhost:${values.port}/cms (once the site is up), saving into ${path.join(root, 'content')}.\nCtrl-C stops it.\n`,
);

let stopping = false;
function stop(code = 0) {
  if (stopping) return;
  stopping = true;
  for (const child of children) {
    if (child.exitCode !== null || child.signalCode !== null) continue;
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      // Already gone.
    }
  }
  process.exitCode = code;
}
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => stop(0));
for (const child of children)
  child.on('exit', (code) => {
    if (!stopping) console.error(`npm run cms: ${child.spawnargs.join(' ')} stopped (${code ?? 'signal'}): stopping the other too`);
    stop(code ?? 1);
  });
