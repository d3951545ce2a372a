import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cyclesOf, edgesOf, root, within } from './import-graph';

async function sources(dir: string) {
  const entries = await readdir(path.join(root, dir), { recursive: true });
  return entries.filter((f) => /\.(ts|tsx)$/.test(f)).map((f) => path.join(dir, f));
}

describe('the project keeps its parts apart', () => {
  // A request goes one way (docs/architecture.md, "Layers"): worker/ -> client/ -> content/,
  // and inside the Worker, routes -> forms -> render. Each rule names the files that break it.
  const edges = edgesOf(['worker', 'client', 'content']);
  const offenders = (from: (file: string) => boolean, to: (file: string) => boolean) =>
    edges.filter((e) => from(e.from) && to(e.to)).map((e) => `${e.from}:${e.line} imports ${e.to}`);
  const under =
    (...dirs: string[]) =>
    (file: string) =>
      dirs.some((dir) => within(file, dir));

  it.each([
    ['client/ (components, pages, islands) never imports worker/', ['client'], ['worker']],
    ['content/ never imports client/ or worker/', ['content'], ['client', 'worker']],
    [
      'worker/render/ never imports the routes, the forms or the app that call it',
      ['worker/render'],
      ['worker/routes', 'worker/forms', 'worker/app.ts', 'worker/index.ts', 'worker/on-demand.ts'],
    ],
    ['worker/forms/ never reaches into the routes that mount it', ['worker/forms'], ['worker/routes', 'worker/app.ts', 'worker/index.ts']],
  ])('%s', (_rule, from, to) => {
    expect(offenders(under(...from), under(...to))).toEqual([]);
  });

  it('code shared by the forms never imports a particular form: only the list, client/forms/index.ts, names them', () => {
    // A particular form is a folder of client/forms/ (its schema, island, e-mails…).
    const form = (file: string) => /^client\/forms\/[^/]+\//.test(file);
    const formOf = (file: string) => /^client\/forms\/([^/]+)\//.exec(file)?.[1];
    const shared = (file: string) =>
      within(file, 'worker/forms') || (/^client\/forms\/[^/]+$/.test(file) && file !== 'client/forms/index.ts');
    expect(offenders(shared, form)).toEqual([]);
    // Nor does one form import another's folder.
    expect(
      edges.filter((e) => form(e.from) && form(e.to) && formOf(e.from) !== formOf(e.to)).map((e) => `${e.from}:${e.line} imports ${e.to}`),
    ).toEqual([]);
  });

  it('no import cycle in worker/, client/ or content/, whether an import is of types only, static or dynamic', () => {
    expect(cyclesOf(edges)).toEqual([]);
  });

  it('the rules above see the imports they judge: the graph holds aliases, relative paths, index files and dynamic imports', () => {
    const has = (from: string, to: string) => edges.some((e) => e.from === from && e.to === to);
    expect(has('worker/routes/pages/index.tsx', 'client/paths.ts') || has('worker/forms/reply.ts', 'client/paths.ts')).toBe(true);
    expect(has('worker/platform/on-demand-loader.ts', 'worker/on-demand.ts'), 'a dynamic import').toBe(true);
    expect(has('client/routes.ts', 'client/pages/index.ts'), "a folder's index").toBe(true);
    expect(cyclesOf([...edges, { from: 'client/paths.ts', to: 'client/routes.ts', typeOnly: true, line: 1 }]), 'a cycle found').not.toEqual(
      [],
    );
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

  it('the Worker logs through worker/platform/log.ts only: one JSON object per line, visitor input inside its fields', async () => {
    const offenders: string[] = [];
    for (const file of await sources('worker')) {
      if (file === path.join('worker', 'platform', 'log.ts')) continue;
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
