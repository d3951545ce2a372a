import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');

async function sources(dir: string) {
  const entries = await readdir(path.join(root, dir), { recursive: true });
  return entries.filter((f) => /\.(ts|tsx)$/.test(f)).map((f) => path.join(dir, f));
}

describe('the project keeps its parts apart', () => {
  /** Where each file's imports lead, as paths from the root (`#client/x.ts` -> `client/x.ts`). */
  async function importsOf(dir: string) {
    const found: { file: string; spec: string; target: string }[] = [];
    for (const file of await sources(dir)) {
      const text = await readFile(path.join(root, file), 'utf8');
      for (const m of text.matchAll(/(?:from|import)\s*\(?\s*['"]([^'"]+)['"]/g)) {
        const spec = m[1]!;
        const target = spec.startsWith('.') ? path.relative(root, path.resolve(root, path.dirname(file), spec)) : spec.replace(/^#/, '');
        found.push({ file, spec, target });
      }
    }
    return found;
  }

  // A request goes one way: worker/ -> client/ -> content/.
  it.each([
    ['client', ['worker']],
    ['content', ['client', 'worker']],
    ['worker/forms', ['worker/routes']],
  ])('no %s/ file imports from %j', async (dir, forbidden) => {
    const offenders = (await importsOf(dir))
      .filter(({ target }) => forbidden.some((f) => target === f || target.startsWith(`${f}/`)))
      .map(({ file, spec }) => `${file}: ${spec}`);
    expect(offenders).toEqual([]);
  });

  it('no Markdown or YAML parser reaches the Worker or the browser: content is parsed at build time', async () => {
    for (const dir of ['client', 'worker', 'content']) {
      // But in the editor at /cms (client/cms/), which reads and writes the files themselves, and which no site page loads.
      for (const file of (await sources(dir)).filter((f) => !f.startsWith(path.join('client', 'cms') + path.sep))) {
        const text = await readFile(path.join(root, file), 'utf8');
        expect(text, file).not.toMatch(/from ['"](marked|yaml|sharp)['"]/);
      }
    }
  });

  it('the Worker logs through worker/lib/log.ts only: one JSON object per line, visitor input inside its fields', async () => {
    const offenders: string[] = [];
    for (const file of await sources('worker')) {
      if (file === path.join('worker', 'lib', 'log.ts')) continue;
      const text = await readFile(path.join(root, file), 'utf8');
      for (const [n, line] of text.split('\n').entries())
        if (/\bconsole\.\w+\(/.test(line)) offenders.push(`${file}:${n + 1}: ${line.trim()}`);
    }
    expect(offenders).toEqual([]);
  });
});

describe('the tests keep out of the association’s content', () => {
  // content/ is the association's to replace at will: a test that named its
  // slugs, prices or counts would go red the day they change. Tests read
  // their fixtures (tests/fixtures/content/), or the build made from them;
  // only the tier of tests/content/ reads content/, and only as a whole.
  it('no test outside tests/content/ reads a file of content/ other than its code', async () => {
    const offenders: string[] = [];
    for (const file of await sources('tests')) {
      if (file.startsWith(path.join('tests', 'content'))) continue;
      const text = await readFile(path.join(root, file), 'utf8');
      for (const [n, line] of text.split('\n').entries()) {
        if (/^\s*(?:\/\/|\*)/.test(line)) continue;
        // A path into content/ built from the root (`path.join(root, 'content')`), or a content file named as a path.
        if (/\(\s*root\s*,\s*['"]content['"]|['"](?:\.\.\/)*content\/[^'"]*\.(?:json|md|pdf|jpe?g|png|svg|webp|avif)['"]\s*[,)]/.test(line))
          offenders.push(`${file}:${n + 1}: ${line.trim()}`);
      }
    }
    expect(offenders).toEqual([]);
  });
});
