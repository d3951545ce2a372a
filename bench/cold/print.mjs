// `npm run bench:cold`'s table (bench/coldstart.mjs): every page, the
// references, the budget that applied and what is over it.

const FIGURES = { cold: 'cold', firstRequest: 'first', warm: 'warm' };
const ms = (v) => v.toFixed(1).padStart(5);
const kib = (bytes) => `${(bytes / 1024).toFixed(1)} KiB`;

/** Says which budget applied, and why (bench/cold/plan.mjs, coldBudget). */
export function budgetLine(budget, floorColdCpu) {
  const limits = `cold <= ${budget.cold.toFixed(1)} ms, first request <= ${budget.firstRequest.toFixed(1)} ms, warm <= ${budget.warm.toFixed(1)} ms`;
  return budget.scaled
    ? `Budget: ${limits} (React's floor took ${floorColdCpu.toFixed(1)} ms, over ${budget.slowFloorMs} ms: this machine ran slow, so shares of the floor's cold start)`
    : `Budget: ${limits} (React's floor took ${floorColdCpu.toFixed(1)} ms, at most ${budget.slowFloorMs}: the free plan's own budget)`;
}

const row = (label, r, note = '') =>
  `${label.padEnd(44)} ${ms(r.evaluationCpu)} ${ms(r.firstRequestCpu)} ${ms(r.coldCpu)} ${ms(r.warmCpu)}   (${r.evaluation.toFixed(1)} / ${r.firstRequest.toFixed(1)} / ${r.warm.toFixed(1)})${note}`;

/** Prints one run of measureColdStarts (bench/coldstart.mjs). */
export function printColdStarts(cold) {
  const { references, pages, rendered, budget, bundle, startup } = cold;
  console.log(
    `\n${cold.runs} fresh processes per page, production's build of the tests' fixtures: mean CPU time of the Worker's thread in ms ` +
      `(mean wall time of evaluation / first / warm in brackets); warm: the mean of ${cold.warmRequests} more requests of the page in the same process, the page cache missing\n`,
  );
  console.log(`${'Page'.padEnd(44)} ${'eval'.padStart(5)} ${'first'.padStart(5)} ${'cold'.padStart(5)} ${'warm'.padStart(5)}`);
  console.log(row(`bare Hono (${kib(references.hono.gzip)} gzip)`, references.hono));
  console.log(row(`React floor (${kib(references.floor.gzip)} gzip)`, references.floor));
  for (const p of pages)
    console.log(
      row(
        `${p.url} ${p.status === 200 ? '' : `(${p.status})`}`,
        p,
        p.over.length ? `  OVER: ${p.over.map((f) => FIGURES[f]).join(', ')}` : '',
      ),
    );
  console.log(row(`mean of the ${pages.length} pages`, cold.overPages));
  console.log('\nRendered for the request (React loaded on demand; not budgeted):');
  for (const p of rendered) console.log(row(p.url, p));
  console.log(
    `\nNode's module loader: ${cold.loaderCpu.toFixed(2)} ms per module file, counted in each evaluation (the site starts ${bundle.startModules} modules, the references 1); workerd holds them in memory.`,
  );
  console.log(
    `Worker: ${kib(bundle.gzip)} gzip in all, ${kib(bundle.startGzip)} in the ${bundle.startModules} modules a cold isolate loads.`,
  );
  console.log(
    startup.error
      ? `wrangler check startup: could not run: ${startup.error}`
      : `wrangler check startup (workerd, evaluation only, mean of ${startup.runs}): this site ${startup.site.active.toFixed(1)} ms, React floor ${startup.floor.active.toFixed(1)} ms`,
  );
  console.log(`\n${budgetLine(budget, references.floor.coldCpu)}`);
  const count = (figure) => cold.over.filter((p) => p.over.includes(figure)).length;
  console.log(
    cold.over.length === 0
      ? `Every page within budget (${pages.length} pages).`
      : `${cold.over.length} of ${pages.length} pages over budget (marked OVER above): ${count('cold')} by the cold start, ${count('firstRequest')} by the first request, ${count('warm')} by the warm request.`,
  );
}
