// Lighthouse in mobile mode (its default) with Debian's Chromium (CHROME_PATH).
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { computeMedianRun } from 'lighthouse/core/lib/median-run.js';
import { CHROMIUM, CHROMIUM_FLAGS } from '../scripts/chromium.mjs';

/** Runs per page, as Lighthouse's guide to variability advises (`npm run bench -- --quick`: one). */
export const LIGHTHOUSE_RUNS = 5;

/** One Lighthouse run in mobile mode (the default), in a fresh Chromium; null when Lighthouse could not measure. */
async function lighthouseRun(url) {
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROMIUM_FLAGS });
  try {
    const { lhr } = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'best-practices', 'accessibility', 'seo'],
      // A visitor from Lausanne: the French page, no language redirect.
      extraHeaders: { 'Accept-Language': 'fr-CH,fr;q=0.9' },
    });
    const lcp = lhr.audits['largest-contentful-paint'].numericValue;
    if (
      lhr.runtimeError ||
      typeof lcp !== 'number' ||
      // What computeMedianRun reads: without them it would throw, and end the bench.
      typeof lhr.audits['first-contentful-paint'].numericValue !== 'number' ||
      typeof lhr.audits.interactive.numericValue !== 'number' ||
      lhr.categories.performance.score === null
    ) {
      console.log(`  run failed: ${lhr.runtimeError?.message ?? lhr.audits['largest-contentful-paint'].errorMessage ?? 'no score'}`);
      return null;
    }
    return {
      // What computeMedianRun reads (the run's FCP and TTI).
      audits: { 'first-contentful-paint': lhr.audits['first-contentful-paint'], interactive: lhr.audits.interactive },
      performance: Math.round(lhr.categories.performance.score * 100),
      bestPractices: Math.round(lhr.categories['best-practices'].score * 100),
      accessibility: Math.round(lhr.categories.accessibility.score * 100),
      seo: Math.round(lhr.categories.seo.score * 100),
      lcp,
      tbt: lhr.audits['total-blocking-time'].numericValue,
      cls: lhr.audits['cumulative-layout-shift'].numericValue,
      failing: Object.values(lhr.categories)
        .flatMap((c) => c.auditRefs.map((r) => lhr.audits[r.id]))
        .filter((a) => a.score !== null && a.score < 1 && !['informative', 'notApplicable', 'manual'].includes(a.scoreDisplayMode))
        .map((a) => a.id),
    };
  } finally {
    await chrome.kill();
  }
}

/**
 * `runs` measured runs of a page (a failed run is retried, twice at most); the
 * one that stands for the page is the one Lighthouse's own computeMedianRun
 * picks, as its docs on variability advise (Lighthouse's docs/variability.md: five runs, the
 * run nearest the medians of first paint and time to interactive). One run's
 * blocking time swings with whatever else the two cores are doing; the median
 * run is the page's, not the machine's.
 */
export async function lighthouseRuns(base, page, runs) {
  const results = [];
  for (let attempt = 0; results.length < runs && attempt < runs + 2; attempt++) {
    const result = await lighthouseRun(`${base}${page}`);
    if (result) {
      results.push(result);
      console.log(
        `  ${page}: ${result.performance}/${result.bestPractices}, LCP ${Math.round(result.lcp)} ms, TBT ${Math.round(result.tbt)} ms, CLS ${result.cls.toFixed(3)}`,
      );
    }
  }
  if (results.length === 0) throw new Error(`Lighthouse could not measure ${page}`);
  const { audits, ...median } = computeMedianRun(results);
  return { ...median, allLcp: results.map((r) => r.lcp), allTbt: results.map((r) => r.tbt) };
}
