import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { collections } from '../../content/collections.ts';
import { SERVICE_IDS } from '../../content/ids.ts';
import { fixtureContentDir } from '../fixtures/fixtures';

const root = path.resolve(import.meta.dirname, '../..');

describe('the content collections (content/collections.ts)', () => {
  it('are named as their files: `team` is team.json, `news` is content/news/, with no other name anywhere', () => {
    for (const [name, { loader }] of Object.entries(collections)) {
      if (loader.kind === 'json') expect(loader.file, name).toBe(`${name}.json`);
      else expect(loader.dir, name).toBe(name);
    }
  });

  it('hold every JSON file and every Markdown folder of the tests’ content: none is left unread by the build', async () => {
    const entries = await readdir(fixtureContentDir, { withFileTypes: true });
    const found: string[] = [];
    for (const e of entries) {
      if (e.isFile() && e.name.endsWith('.json')) found.push(e.name.slice(0, -'.json'.length));
      if (e.isDirectory() && (await readdir(path.join(fixtureContentDir, e.name))).some((f) => f.endsWith('.md'))) found.push(e.name);
    }
    expect(found.sort()).toEqual(Object.keys(collections).sort());
  });

  it('take portfolio projects of each of the five services, and name the five for any other category', async () => {
    const [project] = JSON.parse(await readFile(path.join(fixtureContentDir, 'portfolio.json'), 'utf8'));
    const { schema } = collections.portfolio;
    for (const category of SERVICE_IDS) expect(schema.safeParse({ ...project, category }).success, category).toBe(true);
    for (const category of ['cooking', 'Design', 'marketing']) {
      expect(schema.safeParse({ ...project, category }).error?.issues.map((i) => i.message)).toEqual([
        `"${category}" is not a category of the portfolio: write one of the five services, digital, engineering, translation, economy, design`,
      ]);
    }
  });

  it('stay out of the Worker and the browser: no module of theirs imports zod or the schemas at run time, only their types', async () => {
    const schemas = [
      'content/collection-schema.ts',
      'content/collections.ts',
      'content/collections-json.ts',
      'content/collections-markdown.ts',
      'content/collections-pricing.ts',
    ];
    const offenders: string[] = [];
    for (const dir of ['client', 'worker', 'content']) {
      const files = (await readdir(path.join(root, dir), { recursive: true }))
        .filter((f) => /\.(ts|tsx)$/.test(f))
        .map((f) => path.join(dir, f));
      for (const file of files) {
        if (schemas.includes(file.split(path.sep).join('/'))) continue;
        // The editor at /cms checks an entry by its schema before saving it: a bundle of its own that no site page loads (tests/node/cms-config.test.ts).
        if (file.startsWith(path.join('client', 'cms') + path.sep)) continue;
        const text = await readFile(path.join(root, file), 'utf8');
        // Static imports and re-exports that are not `import type` / `export type`, and dynamic imports.
        const specs = [
          ...text.matchAll(/^\s*(?:import|export)\s+(?!type\b)(?:[^'";]*?\bfrom\s*)?['"]([^'"]+)['"]/gm),
          ...text.matchAll(/\bimport\(\s*['"]([^'"]+)['"]\s*\)/g),
        ].map((m) => m[1]!);
        for (const spec of specs) {
          const target = spec.startsWith('.')
            ? path
                .relative(root, path.resolve(root, path.dirname(file), spec))
                .split(path.sep)
                .join('/')
            : spec.replace(/^#(content|client|worker)\//, '$1/');
          if (/^zod(?:\/v4(?:\/classic)?|\/v3)?$/.test(spec) || schemas.includes(target)) offenders.push(`${file}: ${spec}`);
        }
      }
    }
    expect(offenders).toEqual([]);
  });
});
