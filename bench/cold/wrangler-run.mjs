// wrangler as the cold-start bench runs it (bench/coldstart.mjs, bench/cold/startup.mjs).
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';

const root = path.resolve(import.meta.dirname, '../..');
const wrangler = path.join(root, 'node_modules/wrangler/bin/wrangler.js');

/** wrangler's environment: production React, no telemetry, and this Node for a build command (`node …`). */
export const wranglerEnv = () => ({
  ...process.env,
  PATH: `${path.dirname(process.execPath)}${path.delimiter}${process.env.PATH}`,
  NODE_ENV: 'production',
  WRANGLER_SEND_METRICS: 'false',
});

/** Runs `wrangler <args>` in the project; resolves to its output, rejects with it. */
export const wranglerRun = (args) =>
  promisify(execFile)(process.execPath, [wrangler, ...args], { cwd: root, env: wranglerEnv(), maxBuffer: 16 * 1024 * 1024 });
