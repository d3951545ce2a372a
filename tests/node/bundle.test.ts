import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import budgets from '../../bench/budgets.json';

const root = path.resolve(import.meta.dirname, '../..');

describe('the Worker bundle', () => {
  it('stays within its gzip budget, as wrangler would upload it', async () => {
    const out = await mkdtemp(path.join(tmpdir(), 'bundle-'));
    try {
      await promisify(execFile)(process.execPath, [path.join(root, 'node_modules/wrangler/bin/wrangler.js'), 'deploy', '--dry-run', '--outdir', out, '--env', 'production'], {
        cwd: root,
        env: { ...process.env, NODE_ENV: 'production', WRANGLER_SEND_METRICS: 'false' },
      });
      const size = gzipSync(await readFile(path.join(out, 'index.js'))).length;
      expect(size, `Worker bundle: ${size} B gzip`).toBeLessThanOrEqual(budgets.workerBundle.budget);
      expect(size).toBeGreaterThan(50_000); // a real bundle, not an empty file
    } finally {
      await rm(out, { recursive: true, force: true });
    }
  }, 120_000);
});
