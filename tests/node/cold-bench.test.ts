import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import budgets from '../../bench/budgets.json';
import { loadableWorker as untypedLoadable } from '../../bench/cold/load.mjs';
// @ts-expect-error: a plain .mjs script, without types
import * as untypedPlan from '../../bench/cold/plan.mjs';
import type { BuiltPages, BuiltVariant } from '../../worker/render/built-pages';

// The cold-start bench's own logic (bench/cold/plan.mjs, bench/cold/run.mjs):
// which pages it measures, which budget applies, and what one fresh process
// reports. Never its timings, which vary with the machine.

interface Page {
  key: string;
  url: string;
  status: number;
  file?: string;
}
interface Budget {
  cold: number;
  firstRequest: number;
  warm: number;
  scaled: boolean;
}
const plan = untypedPlan as {
  UNKNOWN_PATH: string;
  coldPages: (table: BuiltPages, day?: string) => Page[];
  renderedPages: (table: BuiltPages) => Page[];
  coldBudget: (b: typeof budgets, floorColdCpu: number) => Budget;
  overBudget: (result: Record<string, number>, budget: Budget) => string[];
  pageMeans: (samples: Record<string, number>[]) => Record<string, number>;
};
const loadableWorker = untypedLoadable as (from: string, to: string, publicDir: string) => Promise<string>;

const route = (id: string, p: string) => ({ id, path: p, layout: 'site', sitemap: true }) as BuiltPages['routes'][number];
const v = (day: string, status: number, file: string): BuiltVariant => [day, status, file];

/** A table as scripts/prerender.mjs writes it, for one environment. */
function table(configs?: BuiltPages['configs']): BuiltPages {
  return {
    routes: [route('home', '/'), route('contact', '/contact'), route('job', '/jobs/:slug')],
    forms: [{ name: 'contact', endpoint: '/api/contact' }],
    query: { home: ['sent'], contact: ['sent', 'topic'], job: ['sent'] },
    from: '2026-03-01',
    days: ['2026-03-01', '2026-03-11'],
    until: '2028-01-01',
    settings: { abc: '{}' },
    configs: configs ?? {
      abc: {
        'fr /': [v('2026-03-01', 200, 'h-fr')],
        'en /': [v('2026-03-01', 200, 'h-en')],
        'fr /jobs/dev': [v('2026-03-01', 200, 'j-open'), v('2026-03-11', 410, 'j-closed')],
        'en /jobs/dev': [v('2026-03-01', 200, 'j-open-en'), v('2026-03-11', 410, 'j-closed-en')],
        'fr /jobs/later': [v('2026-03-11', 200, 'j-later')],
        'fr 404': [v('2026-03-01', 404, 'nf-fr')],
        'en 404': [v('2026-03-01', 404, 'nf-en')],
        'fr 500': [v('2026-03-01', 500, 'err-fr')],
      },
    },
  };
}

describe('the pages the cold-start bench measures', () => {
  it("are every page of the table that answers 200 or 410 on the build's first day, in both languages, then each 404 page", () => {
    expect(plan.coldPages(table())).toEqual([
      { key: 'fr /', url: '/', status: 200, file: '_pages/h-fr.html' },
      { key: 'en /', url: '/en', status: 200, file: '_pages/h-en.html' },
      { key: 'fr /jobs/dev', url: '/jobs/dev', status: 200, file: '_pages/j-open.html' },
      { key: 'en /jobs/dev', url: '/en/jobs/dev', status: 200, file: '_pages/j-open-en.html' },
      { key: 'fr 404', url: plan.UNKNOWN_PATH, status: 404, file: '_pages/nf-fr.html' },
      { key: 'en 404', url: `/en${plan.UNKNOWN_PATH}`, status: 404, file: '_pages/nf-en.html' },
    ]);
  });

  it('take the document of the day asked: a closed offer is measured as its 410 page', () => {
    const pages = plan.coldPages(table(), '2026-03-12');
    expect(pages.find((p) => p.key === 'fr /jobs/dev')).toEqual({
      key: 'fr /jobs/dev',
      url: '/jobs/dev',
      status: 410,
      file: '_pages/j-closed.html',
    });
    expect(pages.map((p) => p.key)).toContain('fr /jobs/later');
  });

  it('refuse a table rendered for several environments, whose settings the bench could not pick', () => {
    const two = table({ a: table().configs.abc!, b: table().configs.abc! });
    expect(() => plan.coldPages(two)).toThrow(/one environment/);
  });

  it("add, apart, each language's no-JavaScript answer of the first form, a page rendered for the request", () => {
    expect(plan.renderedPages(table())).toEqual([
      { key: 'fr /contact?sent=contact', url: '/contact?sent=contact', status: 200 },
      { key: 'en /contact?sent=contact', url: '/en/contact?sent=contact', status: 200 },
    ]);
  });
});

describe('the cold-start budget', () => {
  it("is issue 32's: 10 ms cold, 5 ms for the first request, 2 ms warm, while React's floor takes 20 ms or less", () => {
    expect(plan.coldBudget(budgets, 17.5)).toMatchObject({ cold: 10, firstRequest: 5, warm: 2, scaled: false });
    expect(plan.coldBudget(budgets, 20)).toMatchObject({ cold: 10, firstRequest: 5, scaled: false });
  });

  it("becomes half and a quarter of the floor's cold start on a machine that runs slower, the warm budget unchanged", () => {
    expect(plan.coldBudget(budgets, 24)).toMatchObject({ cold: 12, firstRequest: 6, warm: 2, scaled: true });
  });

  it('names each figure of a page over it, none for a page within it', () => {
    const budget = plan.coldBudget(budgets, 18);
    expect(plan.overBudget({ coldCpu: 9.9, firstRequestCpu: 5, warmCpu: 2 }, budget)).toEqual([]);
    expect(plan.overBudget({ coldCpu: 10.4, firstRequestCpu: 6.1, warmCpu: 1 }, budget)).toEqual(['cold', 'firstRequest']);
    expect(plan.overBudget({ coldCpu: 8, firstRequestCpu: 4, warmCpu: 2.5 }, budget)).toEqual(['warm']);
  });

  it("judges a page by the means of its runs, its cold start being each run's evaluation plus first request", () => {
    const sample = (evaluationCpu: number, firstRequestCpu: number, warmCpu: number) => ({
      evaluationCpu,
      firstRequestCpu,
      warmCpu,
      evaluation: 1,
      firstRequest: 1,
      warm: 1,
    });
    // Tick readings: 0 or 4 ms each, whose mean is the estimate.
    const means = plan.pageMeans([sample(4, 8, 0.4), sample(0, 4, 0), sample(4, 4, 0.8), sample(4, 8, 0.4)]);
    expect(means).toMatchObject({ runs: 4, evaluationCpu: 3, firstRequestCpu: 6, coldCpu: 9, warmCpu: 0.4 });
    // Cold starts 12, 4, 8, 12: a sample deviation of 3.83, over the square root of 4 runs.
    expect(means.coldSe).toBeCloseTo(1.91, 2);
  });
});

describe('one cold start (bench/cold/run.mjs)', () => {
  const dirs: string[] = [];
  afterAll(() => Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true }))));

  it('reports the status, where the document came from, its bytes, and the CPU of evaluation, first and warm requests', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'cold-run-'));
    dirs.push(dir);
    // A built Worker in miniature: it serves a page rendered ahead from the [site] bucket, by its manifest key.
    await mkdir(path.join(dir, 'worker'));
    await mkdir(path.join(dir, 'public/_pages'), { recursive: true });
    const html = '<!doctype html><title>Rendered ahead</title>';
    await writeFile(path.join(dir, 'public/_pages/x.html'), html);
    await writeFile(
      path.join(dir, 'worker/index.js'),
      `import manifest from "__STATIC_CONTENT_MANIFEST";
const keys = JSON.parse(manifest);
export default {
  async fetch(request, env) {
    if (new URL(request.url).pathname !== '/en/team') return new Response('no', { status: 404 });
    const body = await env.__STATIC_CONTENT.get(keys['_pages/x.html'], 'arrayBuffer');
    return new Response(body, { status: 410, headers: { 'X-Page-Source': 'build' } });
  },
};
`,
    );
    const entry = await loadableWorker(path.join(dir, 'worker'), path.join(dir, 'loadable'), path.join(dir, 'public'));
    const { stdout } = await promisify(execFile)(
      process.execPath,
      [path.resolve(import.meta.dirname, '../../bench/cold/run.mjs'), entry, '/en/team', '--warm', '3', '--preload', '_pages/x.html'],
      { env: { PATH: process.env.PATH ?? '', COLD_PUBLIC: path.join(dir, 'public'), COLD_ENV: '{}' } as unknown as NodeJS.ProcessEnv },
    );
    const answer = JSON.parse(stdout);
    expect(answer).toMatchObject({ status: 410, source: 'build', bytes: Buffer.byteLength(html) });
    for (const figure of ['evaluationCpu', 'firstRequestCpu', 'warmCpu', 'evaluation', 'firstRequest', 'warm']) {
      expect(answer[figure], figure).toBeGreaterThanOrEqual(0);
    }
  });
});
