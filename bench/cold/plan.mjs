// What the cold-start bench (bench/coldstart.mjs) measures, and against
// what: the pages of the build's own table (dist/pages.js, type BuiltPages
// in worker/routes/pages/table.ts), never a list written here, and the
// budgets of bench/budgets.json (`coldStartCpu`, issue 32). No timing here:
// tests/node/cold-bench.test.ts checks it.
import { localizePath } from '../../client/paths.ts';

/** A path no page, file or short link has: the 404 page. */
export const UNKNOWN_PATH = '/cold-start-bench/no-such-page';

/** The variant of a page's list in effect on `day` (the last one from that day or before), as worker/routes/pages/built.ts picks it. */
export function variantOn(variants, day) {
  let found;
  for (const variant of variants) if (variant[0] <= day) found = variant;
  return found;
}

/** The one settings fingerprint of a build made `--for` one environment. */
function onlyConfig(table) {
  const keys = Object.keys(table.configs);
  if (keys.length !== 1) throw new Error(`expected pages rendered for one environment, found ${keys.length} (build with --for production)`);
  return table.configs[keys[0]];
}

/**
 * Every GET page of the table as served on `day` (its first day by
 * default): each `<locale> <path>` whose document then answers 200 or 410,
 * in the table's order, and each language's 404 page through UNKNOWN_PATH.
 * Each: `{ key, url, status, file }`, `file` the document's path in the
 * [site] bucket.
 */
export function coldPages(table, day = table.from) {
  const pages = [];
  const notFound = [];
  for (const [key, variants] of Object.entries(onlyConfig(table))) {
    const variant = variantOn(variants, day);
    if (!variant) continue;
    const [, status, name] = variant;
    const [locale, path] = key.split(' ');
    const file = `_pages/${name}.html`;
    if (path.startsWith('/') && (status === 200 || status === 410)) pages.push({ key, url: localizePath(path, locale), status, file });
    else if (path === '404') notFound.push({ key, url: localizePath(UNKNOWN_PATH, locale), status, file });
  }
  return [...pages, ...notFound];
}

/**
 * Pages rendered for the request (not rendered ahead, so not budgeted): in
 * each language, the page of the table's first form (the route of the same
 * id, else the home page) with its no-JavaScript answer, `?sent=<form>`,
 * a query the page's document depends on. Each: `{ key, url, status }`.
 */
export function renderedPages(table) {
  const form = table.forms[0];
  if (!form) return [];
  const route = table.routes.find((r) => r.id === form.name && !r.path.includes(':')) ?? table.routes.find((r) => r.path === '/');
  const reads = table.query[route.id];
  if (reads !== '*' && !reads?.includes('sent')) return [];
  const locales = [...new Set(Object.keys(onlyConfig(table)).map((key) => key.split(' ')[0]))];
  return locales.map((locale) => ({
    key: `${locale} ${route.path}?sent=${form.name}`,
    url: `${localizePath(route.path, locale)}?sent=${encodeURIComponent(form.name)}`,
    status: 200,
  }));
}

/**
 * The budgets of this run, in milliseconds of CPU: `coldStartCpu` of
 * bench/budgets.json, or, when React's floor measured a cold start slower
 * than `slowFloorMs` in the same run (the machine is slow), shares of that
 * cold start for the cold start and the first request. The warm budget stays.
 */
export function coldBudget(budgets, floorColdCpu) {
  const b = budgets.coldStartCpu;
  if (floorColdCpu > b.slowFloorMs) {
    return {
      cold: floorColdCpu * b.slowColdShare,
      firstRequest: floorColdCpu * b.slowFirstRequestShare,
      warm: b.warmMs,
      scaled: true,
      slowFloorMs: b.slowFloorMs,
    };
  }
  return { cold: b.coldMs, firstRequest: b.firstRequestMs, warm: b.warmMs, scaled: false, slowFloorMs: b.slowFloorMs };
}

/** What of a page's means is over the budget: the figures' names, none when it is within. */
export function overBudget(result, budget) {
  return ['cold', 'firstRequest', 'warm'].filter((figure) => result[`${figure}Cpu`] > budget[figure]);
}

const mean = (xs) => xs.reduce((a, b) => a + b, 0) / xs.length;

/**
 * One page's samples (run.mjs's answers) as means, in milliseconds: CPU of
 * the thread (`…Cpu`; the kernel counts it in ticks, so one run reads a
 * multiple of a tick and only the mean of many tells) and wall time.
 */
export function pageMeans(samples) {
  const of = (name) => mean(samples.map((s) => s[name]));
  const colds = samples.map((s) => s.evaluationCpu + s.firstRequestCpu);
  const cold = mean(colds);
  const variance = colds.reduce((a, x) => a + (x - cold) ** 2, 0) / Math.max(1, colds.length - 1);
  return {
    runs: samples.length,
    evaluationCpu: of('evaluationCpu'),
    firstRequestCpu: of('firstRequestCpu'),
    coldCpu: cold,
    /** The standard error of `coldCpu`: how far the mean may be from the truth (about 2 of these at most, mostly). */
    coldSe: Math.sqrt(variance / colds.length),
    warmCpu: of('warmCpu'),
    evaluation: of('evaluation'),
    firstRequest: of('firstRequest'),
    warm: of('warm'),
  };
}

/** The mean of each figure over the pages: each page weighs alike, whatever its runs. */
export function overPages(results) {
  const figures = ['evaluationCpu', 'firstRequestCpu', 'coldCpu', 'warmCpu', 'evaluation', 'firstRequest', 'warm'];
  return Object.fromEntries(figures.map((f) => [f, mean(results.map((r) => r[f]))]));
}
