import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');

describe('islands are found by the build (scripts/build.mjs)', () => {
  it("gives every component in client/islands/ and every form's island.tsx, and nothing else, its own chunk", async () => {
    const components = (await readdir(path.join(root, 'client/islands')))
      .filter((f) => f.endsWith('.tsx'))
      .map((f) => f.replace(/\.tsx$/, ''));
    const forms = (await readdir(path.join(root, 'client/forms'), { withFileTypes: true }))
      .filter((d) => d.isDirectory() && existsSync(path.join(root, 'client/forms', d.name, 'island.tsx')))
      .map((d) => `${d.name[0]!.toUpperCase()}${d.name.slice(1)}Form`);
    expect(forms).toContain('ContactForm');
    const manifest = JSON.parse(await readFile(path.join(root, 'dist/manifest.json'), 'utf8')) as {
      islands: Record<string, { file: string }>;
    };
    expect(Object.keys(manifest.islands).sort()).toEqual([...components, ...forms].sort());
    for (const chunk of Object.values(manifest.islands)) expect(chunk.file).toMatch(/^\/assets\/[A-Za-z]+-[A-Z0-9]+\.js$/);
  });

  it('holds only components in client/islands/: helpers live elsewhere', async () => {
    const files = await readdir(path.join(root, 'client/islands'));
    expect(files.filter((f) => !/^[A-Z][A-Za-z0-9]*\.tsx$/.test(f))).toEqual([]);
  });
});
