// `npm run bench`: how fast and how light the site is, on this machine, with
// production React, for the tests' fixture content. Measures the cold starts,
// then starts `wrangler dev` (which serves dist/ as scripts/build.mjs builds
// it), measures the rest, prints one table and writes it to
// docs/performance.md. Exits 1 when a page is over its cold-start budget
// (issue 32), after writing the report:
//
// - per page: gzip weight of the HTML, the CSS and every script it loads
//   (the modules and chunks it names for client/runtime/boot.ts), and the
//   bytes of the images a phone downloads scrolling to the bottom
//   (bench/images.mjs, in Debian's Chromium);
// - the cold start of every GET page in both languages: production's build,
//   evaluated in a fresh process per run with a first and warm requests,
//   beside a bare Hono app and React's server-rendering floor, against the
//   budgets; the pages rendered for the request; the Worker's gzip sizes;
//   `wrangler check startup`'s profile (bench/coldstart.mjs);
// - CPU per uncached render (bench/render.mjs) and the uncached latency;
// - SSR vs static throughput, same connections, pairs of rounds (autocannon), on
//   workerd itself and through wrangler dev's proxy (bench/measure.mjs, throughput);
// - Lighthouse mobile on five pages (Debian's Chromium, CHROME_PATH).
//
// The parts: bench/coldstart.mjs (and bench/cold/), bench/server.mjs,
// bench/measure.mjs, bench/images.mjs, bench/render.mjs, bench/lighthouse.mjs, bench/report.mjs. Targets and CI budgets live in
// bench/budgets.json. No timing here is asserted by a test (timings vary
// with the machine): CI checks the weights; this script, the cold starts.
//
//   npm run bench [-- --quick]   (--quick: one Lighthouse run per page, shorter loads)

import { printColdStarts } from '../bench/cold/print.mjs';
import { measureColdStarts } from '../bench/coldstart.mjs';
import { imageWeights } from '../bench/images.mjs';
import { LIGHTHOUSE_RUNS, lighthouseRuns } from '../bench/lighthouse.mjs';
import { pageWeight, throughput, uncachedLatency } from '../bench/measure.mjs';
import { measureRenders } from '../bench/render.mjs';
import { writeReport } from '../bench/report.mjs';
import { startServer } from '../bench/server.mjs';

// The tests' fixtures, not content/: the figures compare from run to run whatever the
// association publishes, and the fixtures have a photo above an article's fold
// (a 2400x1600 JPEG, /news/bilan-2024). wrangler dev's build reads CONTENT_DIR; the cold starts' build is always the fixtures'.
process.env.CONTENT_DIR ??= 'tests/fixtures/content';

const quick = process.argv.includes('--quick');
const PAGES = ['/', '/services/translation', '/contact', '/jobs', '/team', '/en/news', '/news/bilan-2024'];
const LIGHTHOUSE_PAGES = ['/', '/services/translation', '/contact', '/jobs', '/news/bilan-2024'];

// First, with nothing else running: the cold starts, then workerd's profile.
const cold = await measureColdStarts({ runs: quick ? 8 : 20 });
printColdStarts(cold);

const server = await startServer({ direct: true });
if (!server.direct) console.warn("workerd's own address not found (Linux only): throughput is budgeted through wrangler dev's proxy");
let report;
try {
  console.log(`wrangler dev on ${server.base}`);
  const weights = [];
  for (const page of PAGES) weights.push(await pageWeight(server.base, page));
  const images = await imageWeights(server.base, PAGES);
  for (const w of weights) w.images = images[w.page];
  console.log('page weights measured');
  const cpu = await measureRenders(['/'], { runs: quick ? 100 : 300 });
  const latency = await uncachedLatency(server.base, quick ? 50 : 200);
  console.log('render cost measured');

  // On workerd itself and through wrangler dev's proxy (bench/server.mjs, direct): only the first is budgeted.
  const loads = { rounds: quick ? 2 : 6, duration: quick ? 3 : 4 };
  const direct = server.direct ? await throughput(server.direct, loads) : undefined;
  const proxied = await throughput(server.base, loads);
  console.log('throughput measured');

  const lh = {};
  for (const page of LIGHTHOUSE_PAGES) {
    lh[page] = await lighthouseRuns(server.base, page, quick ? 1 : LIGHTHOUSE_RUNS);
    console.log(`lighthouse ${page}: ${lh[page].performance}/${lh[page].bestPractices}, LCP ${Math.round(lh[page].lcp)} ms`);
  }
  report = {
    weights,
    cold,
    cpu: cpu['/'],
    latency,
    throughput: { direct, proxied },
    lh,
  };
} finally {
  await server.stop();
}

await writeReport(report, { quick });
if (cold.over.length > 0) {
  console.error(`\n${cold.over.length} page(s) over the cold-start budget (docs/performance.md, "Cold start")`);
  process.exitCode = 1;
}
