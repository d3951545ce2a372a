import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { inject } from 'vitest';

export const CHROMIUM = process.env.CHROME_PATH ?? '/usr/bin/chromium';
export const SCREENSHOTS = path.resolve(import.meta.dirname, '../../screenshots');

export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1280, height: 800 };

/** Debian's Chromium, headless, with nothing reaching out to the network. */
export async function launch(): Promise<Browser> {
  if (!existsSync(CHROMIUM)) {
    throw new Error(`Chromium not found at ${CHROMIUM}: apt-get install -y chromium (or set CHROME_PATH)`);
  }
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking',
      '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic',
    ],
  });
}

export function baseURL(): string {
  return inject('baseURL');
}

export interface Watched {
  context: BrowserContext;
  page: Page;
  /** Console errors and CSP violations seen by the page: a test can assert there are none. */
  problems: string[];
  /** Every script the page requested. */
  scripts: string[];
}

export async function open(
  browser: Browser,
  options: {
    viewport?: { width: number; height: number };
    javaScriptEnabled?: boolean;
    locale?: string;
    bypassCSP?: boolean;
    reducedMotion?: 'reduce' | 'no-preference';
  } = {},
): Promise<Watched> {
  const context = await browser.newContext({
    baseURL: baseURL(),
    viewport: options.viewport ?? DESKTOP,
    javaScriptEnabled: options.javaScriptEnabled ?? true,
    locale: options.locale ?? 'fr-CH',
    bypassCSP: options.bypassCSP ?? false,
    reducedMotion: options.reducedMotion ?? 'no-preference',
  });
  const page = await context.newPage();
  const problems: string[] = [];
  const scripts: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') problems.push(msg.text());
  });
  page.on('pageerror', (err) => problems.push(err.message));
  page.on('request', (req) => {
    if (req.resourceType() === 'script') scripts.push(req.url());
  });
  return { context, page, problems, scripts };
}

export async function screenshot(page: Page, name: string) {
  mkdirSync(SCREENSHOTS, { recursive: true });
  // Lazy images load once scrolled into view: scroll through, wait for them, come back. The
  // waiting happens here, not in the page: with JavaScript off, the page's timers never fire.
  const { height, step } = await page.evaluate(() => ({ height: document.body.scrollHeight, step: window.innerHeight }));
  for (let y = 0; y < height; y += step) {
    await page.evaluate((top) => window.scrollTo({ top, behavior: 'instant' }), y); // the site scrolls smoothly; no need to watch
    await page.waitForTimeout(30);
  }
  for (let deadline = Date.now() + 3000; Date.now() < deadline; ) {
    if (await page.evaluate(() => [...document.images].every((img) => img.complete))) break;
    await page.waitForTimeout(50);
  }
  await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
  await page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`), fullPage: true });
}

/** Waits for an island to hydrate, scrolling it into view first: islands hydrate near the viewport. */
export async function hydrated(page: Page, island: string) {
  const el = page.locator(`[data-island="${island}"]`);
  // The marker itself has no box (`display: contents`): scroll to its first child.
  await el.evaluate((node) => (node.firstElementChild ?? node).scrollIntoView({ block: 'center', behavior: 'instant' }));
  await page.locator(`[data-island="${island}"][data-hydrated="true"]`).waitFor();
}
