import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cyclesOf, edgesOf, importsOf, reachedFrom, root, within } from './import-graph';

async function sources(dir: string) {
  const entries = await readdir(path.join(root, dir), { recursive: true });
  return entries.filter((f) => /\.(ts|tsx)$/.test(f)).map((f) => path.join(dir, f));
}

describe('the project keeps its parts apart', () => {
  // A request goes one way (docs/architecture.md, "Layers"): worker/ -> client/ -> content/,
  // and inside the Worker, routes -> forms -> render. A rule holds for what a file
  // imports through others too; each failure shows the chain of imports that breaks it.
  const edges = edgesOf(['worker', 'client', 'content']);
  const files = [...new Set(edges.map((e) => e.from))];
  const under =
    (...dirs: string[]) =>
    (file: string) =>
      dirs.some((dir) => within(file, dir));
  const reaches = (from: (file: string) => boolean, to: (file: string) => boolean, graph = edges) =>
    files.filter(from).flatMap((file) => [...reachedFrom(graph, file)].filter(([target]) => to(target)).map(([, chain]) => chain));

  it.each([
    ['client/ (components, pages, islands) never reaches worker/', ['client'], ['worker']],
    ['content/ never reaches client/ or worker/', ['content'], ['client', 'worker']],
    [
      'worker/render/ never reaches the routes, the forms, the middleware or the app that call it',
      ['worker/render'],
      ['worker/routes', 'worker/forms', 'worker/middleware', 'worker/app.ts', 'worker/index.ts', 'worker/on-demand.ts'],
    ],
    [
      'worker/forms/ never reaches the routes that mount it, nor the middleware or the app',
      ['worker/forms'],
      ['worker/routes', 'worker/middleware', 'worker/app.ts', 'worker/index.ts', 'worker/on-demand.ts'],
    ],
    [
      'worker/platform/ and worker/request/ (what every layer uses) reach no layer of the Worker, but through the on-demand module they load',
      ['worker/platform', 'worker/request'],
      ['worker/routes', 'worker/forms', 'worker/render', 'worker/middleware', 'worker/app.ts', 'worker/index.ts'],
    ],
  ])('%s', (_rule, from, to) => {
    // The on-demand module's loader imports it, lazily, by design: past it is everything that loads on demand.
    // Only that import is set aside: any other file that imports worker/on-demand.ts reaches what it re-exports.
    const graph = edges.filter((e) => !(e.from === 'worker/platform/on-demand-loader.ts' && e.to === 'worker/on-demand.ts'));
    expect(reaches(under(...from), under(...to), graph)).toEqual([]);
  });

  it('code shared by the forms never reaches a particular form but through the list, client/forms/index.ts, the one place that names them', () => {
    // A particular form is a folder of client/forms/ (its schema, island, e-mails…).
    const form = (file: string) => /^client\/forms\/[^/]+\//.test(file);
    const formOf = (file: string) => /^client\/forms\/([^/]+)\//.exec(file)?.[1];
    const shared = (file: string) =>
      within(file, 'worker/forms') || (/^client\/forms\/[^/]+$/.test(file) && file !== 'client/forms/index.ts');
    // The forms' own code, followed everywhere but through the list (a page that shows a form is not form code).
    const formCode = edges.filter(
      (e) => (within(e.from, 'worker/forms') || within(e.from, 'client/forms')) && e.from !== 'client/forms/index.ts',
    );
    expect(reaches(shared, form, formCode)).toEqual([]);
    // Nor does one form import another's folder.
    expect(
      edges.filter((e) => form(e.from) && form(e.to) && formOf(e.from) !== formOf(e.to)).map((e) => `${e.from}:${e.line} imports ${e.to}`),
    ).toEqual([]);
  });

  it('no import cycle in worker/, client/ or content/, whether an import is of types only, static or dynamic', () => {
    expect(cyclesOf(edges)).toEqual([]);
  });

  it('the rules above see the imports they judge: aliases, relative paths, index files, dynamic imports, and imports laid out any way', () => {
    const has = (from: string, to: string) => edges.some((e) => e.from === from && e.to === to);
    expect(has('worker/forms/reply.ts', 'client/paths.ts'), 'an alias').toBe(true);
    expect(has('worker/platform/on-demand-loader.ts', 'worker/on-demand.ts'), 'a dynamic import').toBe(true);
    expect(has('client/routes.ts', 'client/pages/index.ts'), "a folder's index").toBe(true);
    const awkward = [
      "import {\n  notFound, // the site's 404; its own line\n} from '../routes/errors';",
      "export * from './settings';",
      "const both = Promise.all([import('../forms/pipeline'), f(import(`../forms/reply`))]);",
      "// import { nothing } from '../app';",
      'const text = "from \'../index\'";',
    ].join('\n');
    expect(importsOf('worker/render/awkward.ts', awkward).map((e) => e.to)).toEqual([
      'worker/routes/errors.tsx',
      'worker/render/settings.ts',
      'worker/forms/pipeline.ts',
      'worker/forms/reply.ts',
    ]);
    expect(cyclesOf([...edges, { from: 'client/paths.ts', to: 'client/routes.ts', line: 1 }]), 'a cycle found').not.toEqual([]);
    const probe = { from: 'worker/render/probe.ts', to: 'worker/on-demand.ts', line: 1 };
    expect(reachedFrom([...edges, probe], probe.from).has('worker/routes/admin-api.ts'), 'through the on-demand module').toBe(true);
    const chain = reachedFrom(
      [...edges, { from: 'worker/platform/log.ts', to: 'worker/routes/errors.tsx', line: 9 }],
      'worker/render/renderer.tsx',
    );
    expect(chain.get('worker/routes/errors.tsx'), 'a reversal two imports away').toMatch(
      /^worker\/render\/renderer\.tsx:\d+ -> worker\/platform\/log\.ts:9 -> worker\/routes\/errors\.tsx$/,
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
