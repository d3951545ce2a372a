import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, inject, it } from 'vitest';
import { baseURL } from './browser';

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../..');
const links = (...args: string[]) =>
  run(process.execPath, [path.join(root, 'scripts/links.mjs'), ...args, '--persist-to', inject('persistTo')], { cwd: root });

describe('wrangler dev', () => {
  it('serves the default short links from its local KV', async () => {
    for (const [slug, target] of [
      ['linkedin', 'https://www.linkedin.com/company/jeepfl'],
      ['en/generateur-signature', '/en/tools/signature-generator'],
    ]) {
      const res = await fetch(`${baseURL()}/${slug}`, { redirect: 'manual' });
      expect(res.status).toBe(302);
      expect(res.headers.get('location')).toBe(target);
    }
  });

  it('npm run links manages short links: set, list, delete, and refuses unsafe targets', async () => {
    await links('set', 'brochure', '/portfolio');
    const listed = await links('list');
    expect(listed.stdout).toContain('/brochure -> /portfolio');
    expect(listed.stdout).toContain('/linkedin -> https://www.linkedin.com/company/jeepfl');
    await links('delete', 'brochure');
    expect((await links('list')).stdout).not.toContain('/brochure');
    await expect(links('set', 'evil', '//evil.example')).rejects.toMatchObject({ code: 2 });
    await expect(links('set', 'Bad Slug', 'https://example.org')).rejects.toMatchObject({ code: 2 });
  }, 120_000);
});
