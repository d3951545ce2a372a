import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');

describe('islands are found by the build (scripts/build.mjs)', () => {
  it('gives every component in client/islands/, and nothing else, its own chunk in the manifest', async () => {
    const files = (await readdir(path.join(root, 'client/islands'))).filter((f) => f.endsWith('.tsx'));
    const manifest = JSON.parse(await readFile(path.join(root, 'dist/manifest.json'), 'utf8')) as {
      islands: Record<string, { file: string }>;
    };
    expect(Object.keys(manifest.islands).sort()).toEqual(files.map((f) => f.replace(/\.tsx$/, '')).sort());
    for (const chunk of Object.values(manifest.islands)) expect(chunk.file).toMatch(/^\/assets\/[A-Za-z]+-[A-Z0-9]+\.js$/);
  });

  it('holds only components in client/islands/: helpers live elsewhere', async () => {
    const files = await readdir(path.join(root, 'client/islands'));
    expect(files.filter((f) => !/^[A-Z][A-Za-z0-9]*\.tsx$/.test(f))).toEqual([]);
  });
});
