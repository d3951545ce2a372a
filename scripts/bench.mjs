// `npm run bench`: how fast and how light the site is, on this machine, with
// production React. Starts `wrangler dev` with NODE_ENV=production (otherwise
// wrangler bundles React's development build, several times slower), then
// measures and prints one table, and writes it to docs/performance.md:
//
// - per page: gzip weight of the HTML, the CSS and every script it loads
//   (the modules and chunks it names for client/runtime/boot.ts), and the
//   bytes of the images a phone downloads scrolling to the bottom
//   (bench/images.mjs, in Debian's Chromium);
// - the cold start: this Worker, a bare Hono app and React's server-rendering
//   floor, each bundled by `wrangler deploy --dry-run`, evaluated in a fresh
//   process with one request (bench/coldstart.mjs), and the Worker bundle's
//   gzip size from that build; `wrangler check startup`'s profile;
// - CPU per uncached render (bench/render.mjs) and the uncached latency;
// - SSR vs static throughput, same connections, alternating rounds (autocannon);
// - Lighthouse mobile on four pages (Debian's Chromium, CHROME_PATH).
//
// The parts: bench/coldstart.mjs (and bench/cold/), bench/server.mjs,
// bench/measure.mjs, bench/images.mjs, bench/render.mjs, bench/lighthouse.mjs, bench/report.mjs. Targets and CI budgets live in
// bench/budgets.json. Nothing here is asserted
// by a test (timings vary with the machine): CI checks only the weights.
//
//   npm run bench [-- --quick]   (--quick: one Lighthouse run per page, shorter loads)

import { measureColdStarts, startupProfile } from '../bench/coldstart.mjs';
import { imageWeights } from '../bench/images.mjs';
import { lighthouseRuns } from '../bench/lighthouse.mjs';
import { load, pageWeight, uncachedLatency } from '../bench/measure.mjs';
import { measureRenders } from '../bench/render.mjs';
import { writeReport } from '../bench/report.mjs';
import { startServer } from '../bench/server.mjs';

// The tests' fixtures, not content/: the figures compare from run to run whatever the
// association publishes, and the fixtures have a photo above an article's fold
// (a 2400x1600 JPEG, /news/bilan-2024). Every build below (wrangler's) reads CONTENT_DIR.
process.env.CONTENT_DIR ??= 'tests/fixtures/content';

const quick = process.argv.includes('--quick');
const PAGES = ['/', '/services/translation', '/contact', '/jobs', '/team', '/en/news', '/news/bilan-2024'];
const LIGHTHOUSE_PAGES = ['/', '/services/translation', '/contact', '/jobs', '/news/bilan-2024'];

// First, with nothing else running: the cold starts, then workerd's profile.
const cold = await measureColdStarts({ runs: quick ? 11 : 21 });
const startup = await startupProfile();
console.log('cold start measured');

const server = await startServer();
let report;
try {
  console.log(`wrangler dev (NODE_ENV=production) on ${server.base}`);
  const weights = [];
  for (const page of PAGES) weights.push(await pageWeight(server.base, page));
  const images = await imageWeights(server.base, PAGES);
  for (const w of weights) w.images = images[w.page];
  console.log('page weights measured');
  const cpu = await measureRenders(['/'], { runs: quick ? 100 : 300 });
  const latency = await uncachedLatency(server.base, quick ? 50 : 200);
  console.log('render cost measured');

  const cssUrl = [
    ...(await (await fetch(`${server.base}/`, { headers: { Cookie: 'lang=fr' } })).text()).matchAll(
      /<link rel="stylesheet" href="([^"]+)"/g,
    ),
  ][0][1];
  // Alternate the two loads in rounds, so a drift of the machine's speed
  // during the run weighs on both sides alike.
  const duration = quick ? 3 : 5;
  await load(`${server.base}/`, 2); // warm both paths
  await load(`${server.base}${cssUrl}`, 2);
  const ssrRounds = [];
  const cssRounds = [];
  for (let round = 0; round < (quick ? 2 : 4); round++) {
    ssrRounds.push((await load(`${server.base}/`, duration)).requests.average);
    cssRounds.push((await load(`${server.base}${cssUrl}`, duration)).requests.average);
  }
  const ssr = { requests: { average: ssrRounds.reduce((a, b) => a + b, 0) / ssrRounds.length } };
  const css = { requests: { average: cssRounds.reduce((a, b) => a + b, 0) / cssRounds.length } };
  console.log('throughput measured');

  const lh = {};
  for (const page of LIGHTHOUSE_PAGES) {
    lh[page] = await lighthouseRuns(server.base, page, quick ? 1 : 3);
    console.log(`lighthouse ${page}: ${lh[page].performance}/${lh[page].bestPractices}, LCP ${Math.round(lh[page].lcp)} ms`);
  }
  report = {
    weights,
    bundle: cold.bundle,
    cold,
    startup,
    cpu: cpu['/'],
    latency,
    ssr: ssr.requests.average,
    css: css.requests.average,
    lh,
  };
} finally {
  await server.stop();
}

await writeReport(report, { quick });
