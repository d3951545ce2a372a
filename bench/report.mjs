// The bench's report: one table against bench/budgets.json, printed and
// written to docs/performance.md.
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { coldRows, coldSection } from './cold/markdown.mjs';
import { LIGHTHOUSE_RUNS } from './lighthouse.mjs';
import { throughputProse, throughputRows } from './throughput-report.mjs';

const root = path.resolve(import.meta.dirname, '..');
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

/** Writes docs/performance.md from one run's figures and prints its table. */
export async function writeReport(report, { quick }) {
  const budgets = JSON.parse(await readFile(path.join(root, 'bench/budgets.json'), 'utf8'));
  const { weights, cold, cpu, latency, throughput, lh } = report;
  const islandPages = weights.filter((w) => w.islands);
  const plainPages = weights.filter((w) => !w.islands);
  const maxJs = Math.max(...islandPages.map((w) => w.js));
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
    ...coldRows(cold, budgets, ok),
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
    ...throughputRows(throughput, budgets, ok),
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

Written by \`npm run bench\` (scripts/bench.mjs) on the maintainers' machine
(2 cores): the cold starts in fresh Node processes (below), the rest from
\`wrangler dev\` serving the site as built (production React), Lighthouse ${quick ? '(one run per page)' : `(the median run of ${LIGHTHOUSE_RUNS} per page)`}
in mobile mode with Debian's Chromium, all on the tests' fixture content.
Targets are in \`bench/budgets.json\`; CI enforces the weights there
(tests/worker/budgets.test.ts, tests/node/bundle.test.ts), never the
timings; \`npm run bench\` and \`npm run bench:cold\` fail when a page is over
its cold-start budget.

Last run: ${new Date().toISOString().slice(0, 10)}.

## Targets

${table(['Figure', 'Measured', 'Target', 'Met'], rows)}

${coldSection(cold, budgets)}
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
  [
    'Page',
    'Performance',
    'Best practices',
    'Accessibility',
    'SEO',
    'LCP',
    'TBT',
    'CLS',
    'Audits below 1',
    'LCP of each run',
    'TBT of each run',
  ],
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
    r.allTbt.map((v) => Math.round(v)).join(', '),
  ]),
)}

Each row is the run that Lighthouse's own \`computeMedianRun\` picks (the one
nearest the medians of first paint and time to interactive), as Lighthouse's
guide to variability advises. Chromium and wrangler share this machine's two
cores, so one run's blocking time can double (a module's evaluation or a
layout lands in a slow moment): compare median runs, not single runs.

Throughput and latency come from this machine with the load generator on it
too; compare runs on one machine, not across machines. ${throughputProse(throughput)} A cached page there is read from
Miniflare's stand-in for the edge cache, a stylesheet from its stand-in for
KV. The CPU figure is the
uncached render of the whole request in Node's V8 (the engine workerd runs),
production React, batches of 25 renders (bench/render.mjs); the latency is
wrangler dev answering \`/?bench=N\` (a query string bypasses the page cache).

## What keeps these figures

- Islands carry React and their own code only: the form rules are plain
  functions (client/forms/fields.ts) that the Worker wraps in zod, so no
  validation library reaches the browser; icons are server-only markup.
- Pages are rendered by the build, for each environment's settings and each
  day they may change (docs/decisions/0017), and served from the [site]
  bucket and the edge cache with an ETag (docs/decisions/0008); the CSP
  trusts the inline scripts by hash (the boot script, and on island pages
  the one that holds taps until they hydrate).
- Nothing downloads before the first paint but the HTML and the stylesheet:
  the boot script starts modules after the first contentful paint, Turnstile waits for
  the visitor to start on a form, islands hydrate near the viewport as a
  transition, and the web font (29 KB, cut by scripts/make-font.mjs) is
  fetched after that paint and swapped in over a fallback with its metrics.
- Icon drawings are written by the build (dist/icons.json); a page rendered
  for the request renders its footer once per isolate.
- Photos are resized by the build to the widths their pages use, AVIF first,
  WebP and JPEG behind (docs/decisions/0013); only the picture above the fold
  loads at once (\`fetchpriority="high"\`), the others when scrolled near.

## What keeps startup fast

A cold start pays for every byte the isolate loads (V8 compiles about 25 ms
per MB here) and for everything the code does before and during its first
request.
- **Render ahead, load on demand** (docs/decisions/0017). The entry
  (dist/worker/index.js and the chunk it imports) serves the pages the build
  rendered, the static files and the short links: Hono, the middleware, the
  page table, the static manifest. React, the pages, the forms and zod
  wait in the on-demand module, and the content and the messages in a file
  of the [site] bucket (worker/platform/site-data.ts), both loaded by the first
  request that needs them (worker/platform/on-demand-loader.ts), which pays for it
  (see "What a change costs" above). Nothing goes into the entry's static
  imports that a page rendered ahead does not need: a rare route is one
  line there and its work loads on demand (the admin API:
  worker/routes/admin.ts, admin-api.ts), and a module the start needs one
  function of is split so that only that function starts
  (client/forms/email.ts, out of client/forms/fields.ts).
- **No Unicode-property regular expression at the start** (\`/\\p{L}/u\`):
  V8 looks up its character sets when it parses the module, and builds
  them when the literal is evaluated, about half a millisecond each; the
  four of the form rules cost a millisecond of every cold start until they
  moved to the on-demand module. A test checks (tests/node/bundle.test.ts).
- **Route answers as functions of their own**: registering a route at the
  isolate's start compiles the function that registers it, closures
  included; the answers of housekeeping, short links and admin are
  top-level functions, compiled only when asked for.
- **Import nothing on the server that a request does not need.** \`zod\`
  only as \`zod/mini\` (\`import { z } from 'zod'\` brings every locale of its
  messages, 260 KB); content schemas (content/collections.ts, content/collection-schema.ts) only in the build;
  \`react-dom/server.edge\` only through client/components/react-server.cjs
  (the package's entry also loads React's legacy renderer, a second copy of
  its server); no \`renderToString\`: render apart with \`markupOf\` and \`use()\`.
  Check a new dependency's weight with \`npm run bench:cold\` before adding it.
- **Nothing at module top level that a request may not need.** Schemas,
  formatters, tables and apps are built on first use (\`lazy()\`,
  client/lazy.ts). No \`new Intl.*\` and no \`localeCompare\` at top level
  (each builds ICU data for the isolate); ISO dates sort as strings (\`byDate\`).
- **Data as JSON text**: the asset manifest and the table of pages reach
  the Worker as \`JSON.parse\` of strings (dist/manifest.js, dist/pages.js),
  which V8 reads several times faster than the same object written as
  JavaScript; the content and the messages as a JSON file of the [site]
  bucket (dist/public/_data/), out of the bundle.
- **Checked once, by the build, what it can**: the vars the build rendered
  the pages with are not checked again by the Worker (dist/checked-vars.js,
  worker/env.ts); Lausanne's day is worked out without Intl
  (content/lausanne.ts); the static files' manifest is searched, not parsed
  whole (worker/platform/static-files.ts); a page rendered ahead carries its
  ETag (its file's name); the routes are built while the isolate starts.
- **The outbox's class, thin**: workerd needs the Durable Object's class at
  the Worker's start; its store (worker/forms/outbox.ts) loads, a module of
  its own without the content, when the object itself starts
  (worker/forms/outbox-object.ts).
- **Few routes**: every Hono app is \`router()\` (worker/request/router.ts: the
  LinearRouter, which does nothing when a route is added); pages and static
  files are each one route with a table lookup.
- **One-byte text**: a character above U+00FF anywhere in the bundle (esbuild
  escapes them in strings, not in regular expressions) makes V8 hold all of
  it as two-byte text; write \`\\uXXXX\` in a regular expression. A test checks.
- **Bundle budgets**: every module ${kb(budgets.workerBundle.budget)} gzip, and what a cold
  isolate loads ${kb(budgets.workerStart.budget)} (bench/budgets.json, \`workerBundle\` and
  \`workerStart\`, checked by tests/node/bundle.test.ts on production's build
  of the tests' fixture content). The content and the messages are not in
  them (a file of the [site] bucket, docs/decisions/0017); the table of
  pages is, and grows with the association's pages and their change days,
  so the budgets are the code's, measured on the fixtures.
- **Measure**: \`npm run bench:cold\` (about four minutes; \`-- --runs 8\`
  for a quicker look) before and after a change that adds a dependency or
  work at startup or on the request path; \`npm run bench:cold -- --profile
  /en/team\` writes V8's profiles of one cold start of a page.
`;
  await writeFile(path.join(root, 'docs/performance.md'), markdown);
  console.log(`\n${table(['Figure', 'Measured', 'Target', 'Met'], rows)}\n\nWritten to docs/performance.md`);
}
