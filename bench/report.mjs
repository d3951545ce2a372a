// The bench's report: one table against bench/budgets.json, printed and
// written to docs/performance.md.
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { CONNECTIONS } from './measure.mjs';

const root = path.resolve(import.meta.dirname, '..');
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

/** Writes docs/performance.md from one run's figures and prints its table. */
export async function writeReport(report, { quick }) {
  const budgets = JSON.parse(await readFile(path.join(root, 'bench/budgets.json'), 'utf8'));
  const { weights, bundle, cold, startup, cpu, latency, ssr, css, lh } = report;
  const floor = cold.results['react-floor home'];
  const home = cold.results['site home'];
  const coldRatio = home.coldCpu / floor.coldCpu;
  const ms = (v) => `${v.toFixed(1)} ms`;
  const islandPages = weights.filter((w) => w.islands);
  const plainPages = weights.filter((w) => !w.islands);
  const maxJs = Math.max(...islandPages.map((w) => w.js));
  const ratio = ssr / css;
  const lhPages = Object.values(lh);
  const ok = (pass) => (pass ? 'yes' : '**no**');
  const rows = [
    [
      'JS on pages with islands (gzip, all scripts)',
      kb(maxJs),
      `<= ${kb(budgets.pageWithIslandsJs.target)}`,
      ok(maxJs <= budgets.pageWithIslandsJs.target),
    ],
    [
      'JS on pages without islands',
      kb(Math.max(...plainPages.map((w) => w.js))),
      `<= ${kb(budgets.pageWithoutIslandsJs.target)}`,
      ok(plainPages.every((w) => w.js <= budgets.pageWithoutIslandsJs.target)),
    ],
    [
      'CSS (gzip)',
      kb(Math.max(...weights.map((w) => w.css))),
      `<= ${kb(budgets.css.target)}`,
      ok(weights.every((w) => w.css <= budgets.css.target)),
    ],
    [
      'HTML (gzip)',
      `${kb(Math.min(...weights.map((w) => w.html)))} to ${kb(Math.max(...weights.map((w) => w.html)))}`,
      `<= ${kb(budgets.html.target)}`,
      ok(weights.every((w) => w.html <= budgets.html.target)),
    ],
    [
      'Worker bundle (gzip, wrangler deploy --dry-run)',
      kb(bundle),
      `<= ${kb(budgets.workerBundle.target)}`,
      ok(bundle <= budgets.workerBundle.target),
    ],
    [
      `Cold start of \`/\` (evaluation + first request, mean CPU) / React floor's, same run`,
      `${ms(home.coldCpu)} / ${ms(floor.coldCpu)} = ×${coldRatio.toFixed(2)} (wall time: ×${(home.cold / floor.cold).toFixed(2)})`,
      `<= ×${budgets.coldStartRatio.target}`,
      ok(coldRatio <= budgets.coldStartRatio.target),
    ],
    [
      'Lighthouse mobile performance / best practices',
      lhPages.map((r) => `${r.performance}/${r.bestPractices}`).join(', '),
      '100 / 100',
      ok(lhPages.every((r) => r.performance === 100 && r.bestPractices === 100)),
    ],
    [
      'LCP, Lighthouse mobile',
      lhPages.map((r) => `${(r.lcp / 1000).toFixed(2)} s`).join(', '),
      `< ${budgets.lcpMs.target / 1000} s`,
      ok(lhPages.every((r) => r.lcp < budgets.lcpMs.target)),
    ],
    [
      `SSR home (cached) / static CSS throughput (${CONNECTIONS} connections, alternating rounds)`,
      `${Math.round(ssr)} / ${Math.round(css)} req/s = ${ratio.toFixed(2)}`,
      `>= ${budgets.ssrToStaticRatio.target}`,
      ok(ratio >= budgets.ssrToStaticRatio.target),
    ],
    [
      'CPU per uncached home render (median, V8, production React)',
      `${cpu.toFixed(2)} ms`,
      `< ${budgets.renderCpuMs.target} ms`,
      ok(cpu < budgets.renderCpuMs.target),
    ],
    ['Uncached home response, median latency (wrangler dev)', `${latency.toFixed(1)} ms`, 'reported', ''],
  ];
  const table = (head, body) =>
    [`| ${head.join(' | ')} |`, `|${head.map(() => '---').join('|')}|`, ...body.map((r) => `| ${r.join(' | ')} |`)].join('\n');

  const markdown = `# Performance

Written by \`npm run bench\` (scripts/bench.mjs): \`wrangler dev\` with
\`NODE_ENV=production\` on the maintainers' machine (2 cores), Lighthouse ${quick ? '(one run per page)' : '(median of three runs per page)'}
in mobile mode with Debian's Chromium. Targets are in \`bench/budgets.json\`;
CI enforces the weights there (tests/worker/budgets.test.ts,
tests/node/bundle.test.ts), never the timings.

Last run: ${new Date().toISOString().slice(0, 10)}.

## Targets

${table(['Figure', 'Measured', 'Target', 'Met'], rows)}

## Cold start

Most visits are an isolate's first: the Worker's bundle is evaluated, then its
first request runs code nothing has compiled yet. Each Worker below is bundled
as \`wrangler deploy --dry-run\` bundles it (minified, production React), then
started ${cold.runs} times in a fresh Node process (V8, the engine workerd runs)
that evaluates it and answers one request (bench/coldstart.mjs,
bench/cold/run.mjs); the Workers alternate.
Before the clock, Node's fetch classes and ICU are warmed: workerd has the
former built in, and runs many isolates per process, so its ICU is warm.
Each time is first the CPU time of the thread that runs the Worker (what
Cloudflare counts and limits at startup, and what other work on this
two-core machine does not blur), then, in brackets, the wall time the
visitor waits. This kernel counts a thread's CPU in 4 ms ticks, so the CPU
figures are means over the runs (exact to about ±0.3 ms; a median of tick
readings leans to a tick) and the bare Hono app's are not meaningful; wall
times are medians, and their ratio moves by about ±0.1 between identical runs.

${table(
  ['Worker', 'Page', 'Bundle (gzip)', 'Evaluation', 'First request', 'Cold start', '× React floor'],
  Object.values(cold.results).map((r) => [
    r.app === 'site' ? 'this site' : r.app === 'react-floor' ? 'React floor (Hono + react-dom/server.edge, a trivial page)' : 'bare Hono',
    `\`${r.page}\``,
    kb(r.gzip),
    `${ms(r.evaluationCpu)} (${ms(r.evaluation)})`,
    `${ms(r.firstRequestCpu)} (${ms(r.firstRequest)})`,
    `${ms(r.coldCpu)} (${ms(r.cold)})`,
    `×${(r.coldCpu / floor.coldCpu).toFixed(2)} (×${(r.cold / floor.cold).toFixed(2)})`,
  ]),
)}

\`wrangler check startup\`, workerd's own profile of the module evaluation
alone (the site from a copy of wrangler.toml without the Durable Object,
which it refuses): ${startup.error ? `could not run: ${startup.error}.` : `this site ${ms(startup.site.active)}, the React floor ${ms(startup.floor.active)}, each the mean of ${startup.runs} runs (its profiler samples about every 10 ms, so a single run reads 0 or a multiple of that).`}

## Pages

HTML, CSS and JS gzip; images as a phone downloads them (390 x 844 at 3x,
scrolled to the bottom so that lazy images load; bench/images.mjs).

${table(
  ['Page', 'HTML', 'CSS', 'JS', 'Images (phone)', 'Islands'],
  weights.map((w) => [
    `\`${w.page}\``,
    kb(w.html),
    kb(w.css),
    kb(w.js),
    `${kb(w.images.bytes)} (${w.images.count} file${w.images.count === 1 ? '' : 's'})`,
    w.islands ? 'yes' : 'no',
  ]),
)}

## Lighthouse (mobile)

${table(
  ['Page', 'Performance', 'Best practices', 'Accessibility', 'SEO', 'LCP', 'TBT', 'CLS', 'Audits below 1', 'LCP of each run'],
  Object.entries(lh).map(([page, r]) => [
    `\`${page}\``,
    r.performance,
    r.bestPractices,
    r.accessibility,
    r.seo,
    `${Math.round(r.lcp)} ms`,
    `${Math.round(r.tbt)} ms`,
    r.cls.toFixed(3),
    r.failing.join(', ') || 'none',
    r.allLcp.map((v) => Math.round(v)).join(', '),
  ]),
)}

Each row is the run with the median LCP. Chromium, wrangler and the load
generator share this machine's two cores, so a single run can land higher:
compare medians, not single runs.

Throughput and latency come from this machine with the load generator on it
too; compare runs on one machine, not across machines. The CPU figure is the
uncached render of the whole request in Node's V8 (the engine workerd runs),
production React, batches of 25 renders (bench/render.mjs); the latency is
wrangler dev answering \`/?bench=N\` (a query string bypasses the page cache).

## What keeps these figures

- Islands carry React and their own code only: the form rules are plain
  functions (client/forms/fields.ts) that the Worker wraps in zod, so no
  validation library reaches the browser; icons are server-only markup.
- Pages are rendered once and served from the edge cache with an ETag
  (docs/decisions/0008); the CSP trusts the inline scripts by hash (the boot
  script, and on island pages the one that holds taps until they hydrate).
- Nothing downloads before the first paint but the HTML and the stylesheet:
  the boot script starts modules after the first contentful paint, Turnstile waits for
  the visitor to start on a form, islands hydrate near the viewport as a
  transition, and the web font (29 KB, cut by scripts/make-font.mjs) is
  fetched after that paint and swapped in over a fallback with its metrics.
- The footer is rendered once per isolate; icon drawings are written by the
  build (dist/icons.json).
- Photos are resized by the build to the widths their pages use, AVIF first,
  WebP and JPEG behind (docs/decisions/0013); only the picture above the fold
  loads at once (\`fetchpriority="high"\`), the others when scrolled near.

## What keeps startup fast

A cold start pays for every byte of the bundle (V8 compiles about 25 ms per
MB here) and for everything the code does before and during its first request.
- **Import nothing on the server that a page view does not need.** \`zod\`
  only as \`zod/mini\` (\`import { z } from 'zod'\` brings every locale of its
  messages, 260 KB); content schemas (content/collections.ts, content/schema.ts) only in the build;
  \`react-dom/server.edge\` only through client/components/react-server.cjs
  (the package's entry also loads React's legacy renderer, a second copy of
  its server); no \`renderToString\`: render apart with \`markupOf\` and \`use()\`.
  Check a new dependency's weight with \`npm run bench:cold\` before adding it.
- **Nothing at module top level that a request may not need.** Schemas,
  formatters, tables and apps are built on first use (\`lazy()\`,
  worker/lib/lazy.ts). No \`new Intl.*\` and no \`localeCompare\` at top level
  (each builds ICU data for the isolate); ISO dates sort as strings (\`byDate\`).
- **Data as JSON text**: the content and messages reach the Worker as
  \`JSON.parse\` of strings (dist/data.js), which V8 reads several times
  faster than the same object written as JavaScript.
- **Few routes**: every Hono app is \`router()\` (worker/lib/router.ts: the
  LinearRouter, which does nothing when a route is added); pages and static
  files are each one route with a table lookup.
- **One-byte text**: a character above U+00FF anywhere in the bundle (esbuild
  escapes them in strings, not in regular expressions) makes V8 hold all of
  it as two-byte text; write \`\\uXXXX\` in a regular expression. A test checks.
- **Bundle budget**: 154 KB gzip (bench/budgets.json, checked by
  tests/node/bundle.test.ts, which builds the tests' fixture content). The
  content and the messages are in it (about 45 KB): the association's own
  content spends it too (a photo's file names, about 200 B gzip each), so the
  budget is the code's, measured on the fixtures.
- **Measure**: \`npm run bench:cold\` (a minute) before and after a change
  that adds a dependency or work at startup.
`;
  await writeFile(path.join(root, 'docs/performance.md'), markdown);
  console.log(`\n${table(['Figure', 'Measured', 'Target', 'Met'], rows)}\n\nWritten to docs/performance.md`);
}
