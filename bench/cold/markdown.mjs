// The cold start's part of docs/performance.md (bench/report.mjs): its rows
// of the targets table and its own section, from one run of
// measureColdStarts (bench/coldstart.mjs).
import { budgetLine } from './print.mjs';

const ms = (v) => `${v.toFixed(1)} ms`;
const kib = (bytes) => `${(bytes / 1024).toFixed(1)} KiB`;
const max = (pages, figure) => Math.max(...pages.map((p) => p[figure]));
/** The mean over the pages of the standard error of their cold start. */
const overPagesSe = (pages) => pages.reduce((a, p) => a + p.coldSe, 0) / pages.length;
const table = (head, body) =>
  [`| ${head.join(' | ')} |`, `|${head.map(() => '---').join('|')}|`, ...body.map((r) => `| ${r.join(' | ')} |`)].join('\n');

/** The targets table's rows: the three budgets over every page, and the Worker's sizes. `ok` marks a met target. */
export function coldRows(cold, budgets, ok) {
  const { pages, budget, overPages, bundle } = cold;
  const over = (figure) => pages.filter((p) => p.over.includes(figure)).length;
  const row = (label, figure, scaled) => [
    `${label}, ${pages.length} pages (mean CPU)`,
    `${ms(max(pages, `${figure}Cpu`))} at most, ${ms(overPages[`${figure}Cpu`])} on average${over(figure) ? `; ${over(figure)} over` : ''}`,
    `<= ${ms(budget[figure])}${scaled && budget.scaled ? ' (a slow run: a share of the floor)' : ''}`,
    ok(over(figure) === 0),
  ];
  return [
    row('Cold start (evaluation + first request) of every GET page, both languages', 'cold', true),
    row('First request of every GET page', 'firstRequest', true),
    row('Warm uncached request of every GET page', 'warm', false),
    [
      'Worker bundle (gzip, every module as uploaded)',
      kib(bundle.gzip),
      `<= ${kib(budgets.workerBundle.target)}`,
      ok(bundle.gzip <= budgets.workerBundle.target),
    ],
    [
      `Worker start (gzip, the ${bundle.startModules} modules a cold isolate loads)`,
      kib(bundle.startGzip),
      `<= ${kib(budgets.workerStart.target)}`,
      ok(bundle.startGzip <= budgets.workerStart.target),
    ],
  ];
}

const FIGURES = { cold: 'cold start', firstRequest: 'first request', warm: 'warm request' };
const HEAD = ['Page', 'Status', 'Evaluation', 'First request', 'Cold start', 'Warm request', 'Over budget'];
const cells = (r) => [
  `${ms(r.evaluationCpu)} (${ms(r.evaluation)})`,
  `${ms(r.firstRequestCpu)} (${ms(r.firstRequest)})`,
  ms(r.coldCpu),
  `${ms(r.warmCpu)} (${ms(r.warm)})`,
];

/** What rendering for the request adds to a page rendered ahead, in words. */
function costLine(rendered, built) {
  if (rendered.length === 0) return '';
  const first = rendered.reduce((a, r) => a + r.firstRequestCpu, 0) / rendered.length;
  const warm = rendered.reduce((a, r) => a + r.warmCpu, 0) / rendered.length;
  return `So a first request that renders costs about ${ms(first - built.firstRequestCpu)} more than one
served from the build (the on-demand module parsed and run, React's first
render in a cold isolate), and a warm one about ${ms(warm - built.warmCpu)} more: a page
moved from the build to the request would be over the free plan at every
cold start. Anything added to the entry's static imports is paid by every
cold start instead (V8 compiles about 25 ms per MB here).`;
}

/** docs/performance.md's "Cold start" section; `budgets`: bench/budgets.json. */
export function coldSection(cold, budgets) {
  const { references, pages, rendered, budget, startup, runs, warmRequests } = cold;
  const b = budgets.coldStartCpu;
  const floor = references.floor;
  const pageRows = pages.map((p) => [
    `\`${p.url}\``,
    p.status,
    ...cells(p),
    p.over.length ? `**${p.over.map((f) => FIGURES[f]).join(', ')}**` : '',
  ]);
  return `## Cold start

Cloudflare's free Workers plan, the one docs/deploy.md recommends, stops a
request past **10 ms of CPU** (error 1102). A site visited a few hundred
times a day across many edge locations gets most of its requests in a fresh
isolate, whose modules are evaluated before its first request runs code
nothing has compiled yet. The platform gives an isolate's startup a limit of
its own (1 s), but how an isolate's evaluation weighs on the request that
started it is not documented, and cold starts of larger Workers are reported
failing with 1102: so the budget counts them together. Issue 32's budgets
(bench/budgets.json, \`coldStartCpu\`): for every GET page in both languages
and the 404 page, evaluation + first request **<= ${ms(b.coldMs)}**, the
first request alone **<= ${ms(b.firstRequestMs)}**, a warm uncached request **<= ${ms(b.warmMs)}**.
This machine's speed drifts by about ±40% from run to run: when React's
floor (below) takes more than ${ms(b.slowFloorMs)} in the same run, the first two become
${b.slowColdShare * 100}% and ${b.slowFirstRequestShare * 100}% of the floor's cold start.

${budgetLine(budget, floor.coldCpu)}.

How it is measured (\`npm run bench:cold\`, bench/coldstart.mjs and
bench/cold/): production's Worker is built for the tests' fixture content as
it is deployed (\`scripts/build.mjs --for production\`: dist/worker/, the
pages rendered ahead and their table), and every page of that table is
started ${runs} times, each time in a **fresh Node process** (V8, the engine
workerd runs) that evaluates the Worker, answers one request, then
${warmRequests} more of the same page: the **warm** figure is their mean, the
page cache missing each time as it does for the first (a stand-in that never
hits), so each does all that an uncached request of a warm isolate does.
The pages and the two references below alternate in rounds, so that a
drift of the machine's speed weighs on each alike. Each figure is the
**mean CPU time of the thread** that runs the Worker (what Cloudflare counts,
and what other work on this two-core machine does not blur); the kernel
counts it in 4 ms ticks, so one run reads a multiple of a tick and only the
mean of many tells: a page's cold start here is known to about
±${ms(overPagesSe(pages))} (its standard error, on average over the pages). In
brackets, mean wall times.

What workerd gives every isolate ready-made is made ready in each process
before the clock (bench/cold/run.mjs): Node's fetch classes (undici), its
console, its file-system code and ICU (a workerd process runs many isolates,
so its ICU is warm; it is warmed with another locale and time zone than the
site's, so each isolate's own share stays on the clock), the stand-ins of
workerd's own modules (the static manifest, \`cloudflare:workers\`), and the
page's document of the [site] bucket, which workerd's KV binding hands over
from outside the isolate. What stays on the clock that workerd would not
charge: Node's module loader resolves, reads and links each module file,
about ${ms(cold.loaderCpu)} per file measured apart (the site's start is
${cold.bundle.startModules} files, each reference 1), where workerd holds the
uploaded modules in memory; and undici's Request, Response and Headers run
as JavaScript, where workerd's are native (a profile puts undici at about
a fifth of a first request here). Both make these figures a little higher
than workerd's own for the same work.

${table(HEAD, [
  ['bare Hono (reference)', 200, ...cells(references.hono), ''],
  ['React floor (reference: Hono + react-dom/server.edge, a trivial page)', 200, ...cells(floor), ''],
  ...pageRows,
  [`**mean of the ${pages.length} pages**`, '', ...cells(cold.overPages), ''],
])}

**What a change costs.** A page the build rendered ahead reads its document
from the [site] bucket: no React, no content, no messages
(docs/decisions/0017). A page rendered for the request (a form's
no-JavaScript answer, a query string the page reads, unknown settings, an
error page with request data) reads the content and the messages from the
[site] bucket (one KV read and one \`JSON.parse\`, once per isolate), loads
the Worker's on-demand module (React, the pages) and renders: not budgeted, but
measured the same way, the form's answer of the first form in each language:

${table(
  ['Rendered for the request', 'Evaluation', 'First request', 'Cold start', 'Warm request'],
  rendered.map((r) => [`\`${r.url}\``, ...cells(r)]),
)}

${costLine(rendered, cold.overPages)}

\`wrangler check startup\`, workerd's own profile of the evaluation alone
(the bench's build through a config of its own, bench/cold/startup.mjs):
${startup.error ? `could not run: ${startup.error}.` : `this site ${ms(startup.site.active)}, the React floor ${ms(startup.floor.active)}, each the mean of ${startup.runs} runs (its profiler samples about every 10 ms, so a single run reads 0 or a multiple of that).`}
`;
}
