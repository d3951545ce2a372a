// The throughput's rows of docs/performance.md's table, and its paragraph
// (bench/report.mjs writes the rest; bench/measure.mjs measures it).
import { CONNECTIONS } from './measure.mjs';

/** Budgeted on workerd itself; through wrangler dev's proxy only where it could not be reached (bench/server.mjs). */
const budgeted = (throughput) => throughput.direct ?? throughput.proxied;

/** The budgeted ratio's row, and the proxy's beside it when workerd was measured. */
export function throughputRows(throughput, budgets, ok) {
  const served = budgeted(throughput);
  return [
    [
      `SSR home (cached) / static CSS throughput, ${throughput.direct ? 'workerd' : "through wrangler dev's proxy"} (${CONNECTIONS} connections, median of ${served.pairs} pairs of rounds)`,
      `${Math.round(served.ssr)} / ${Math.round(served.css)} req/s, ratio ${served.ratio.toFixed(2)}`,
      `>= ${budgets.ssrToStaticRatio.target}`,
      ok(served.ratio >= budgets.ssrToStaticRatio.target),
    ],
    ...(throughput.direct
      ? [
          [
            "The same through wrangler dev's proxy (it rewrites every HTML response, not files)",
            `${Math.round(throughput.proxied.ssr)} / ${Math.round(throughput.proxied.css)} req/s, ratio ${throughput.proxied.ratio.toFixed(2)}`,
            'reported',
            '',
          ],
        ]
      : []),
  ];
}

/** How the ratio is measured, and what the proxy costs this run. */
export function throughputProse(throughput) {
  const served = budgeted(throughput);
  return `The throughput's
rounds come in pairs, page and stylesheet back to back (each pair in the other
order than the last), and the ratio is the median pair's. ${
    throughput.direct
      ? `It is budgeted on
workerd itself, where wrangler dev's proxy sends each request
(bench/server.mjs finds its address): that proxy also runs every HTML
response through an HTMLRewriter, for a live-reload script the bench never
asks for, a cost a page pays and a stylesheet not, and no deployed site
(this run: ${served.ratio.toFixed(2)} on workerd, ${throughput.proxied.ratio.toFixed(2)} through the proxy, which also adds its own
hop to both).`
      : `It is budgeted through wrangler dev's proxy this run:
workerd's own address was not found (bench/server.mjs looks for it on Linux only).`
  }`;
}
