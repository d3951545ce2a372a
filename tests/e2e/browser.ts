import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { type Browser, type BrowserContext, chromium, type Locator, type Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, inject } from 'vitest';

const CHROMIUM = process.env.CHROME_PATH ?? '/usr/bin/chromium';
export const SCREENSHOTS = path.resolve(import.meta.dirname, '../../screenshots');

export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1280, height: 800 };

/** Debian's Chromium, headless, with nothing reaching out to the network. */
async function launch(): Promise<Browser> {
  if (!existsSync(CHROMIUM)) {
    throw new Error(`Chromium not found at ${CHROMIUM}: apt-get install -y chromium (or set CHROME_PATH)`);
  }
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
    ],
  });
}

/** One Chromium for the test file: launched before its tests, closed after. Call `browser()` inside a test. */
export function useBrowser(): () => Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
  });
  return () => {
    if (!browser) throw new Error('useBrowser(): the browser is only there inside a test');
    return browser;
  };
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

/**
 * Each browser context is another visitor, with an address of its own: the
 * forms' rate limit (5 posts a minute per address, every post counted) then
 * only bites where a test means it to. `wrangler dev` keeps a CF-Connecting-IP
 * the request brings, as Cloudflare's edge sets it in production.
 */
let visitors = 0;
const nextVisitorAddress = () => `198.18.${(++visitors >> 8) & 255}.${visitors & 255}`;

/** The site's canonical address, SITE_URL of wrangler.toml, which the site under test keeps (its pages' absolute links name it). */
export const SITE_URL = 'https://jeepfl.ch';

export async function open(
  browser: Browser,
  options: {
    viewport?: { width: number; height: number };
    javaScriptEnabled?: boolean;
    locale?: string;
    bypassCSP?: boolean;
    reducedMotion?: 'reduce' | 'no-preference';
    /** A touch screen, for `page.touchscreen.tap`. */
    hasTouch?: boolean;
    /**
     * What the page loads from SITE_URL (the e-mail signature's logo) answered
     * by the site under test, not the network. Only where a test needs it:
     * any route turns the context's HTTP cache off.
     */
    siteUrlHere?: boolean;
  } = {},
): Promise<Watched> {
  const context = await browser.newContext({
    baseURL: baseURL(),
    viewport: options.viewport ?? DESKTOP,
    javaScriptEnabled: options.javaScriptEnabled ?? true,
    locale: options.locale ?? 'fr-CH',
    bypassCSP: options.bypassCSP ?? false,
    reducedMotion: options.reducedMotion ?? 'no-preference',
    hasTouch: options.hasTouch ?? false,
    extraHTTPHeaders: { 'CF-Connecting-IP': nextVisitorAddress() },
  });
  if (options.siteUrlHere) {
    await context.route(`${SITE_URL}/**`, async (route) => {
      const { pathname, search } = new URL(route.request().url());
      await route.fulfill({ response: await route.fetch({ url: `${baseURL()}${pathname}${search}` }) });
    });
  }
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
  // Lazy images load once near the viewport: ask for all of them now and wait until each has
  // loaded (or failed), instead of scrolling through and sleeping. Done from here, not by the
  // page's own timers, which do not run with JavaScript off or on a paused page.clock.
  await page.evaluate(() => {
    for (const img of document.querySelectorAll<HTMLImageElement>('img[loading="lazy"]')) img.loading = 'eager';
  });
  await page.waitForFunction(() => [...document.images].every((img) => img.complete), undefined, { polling: 50, timeout: 5000 });
  await page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`), fullPage: true });
}

/** Waits for an island to hydrate, scrolling it into view first: islands hydrate near the viewport. */
export async function hydrated(page: Page, island: string) {
  const el = page.locator(`[data-island="${island}"]`);
  // The marker itself has no box (`display: contents`): scroll to its first child.
  await el.evaluate((node) => (node.firstElementChild ?? node).scrollIntoView({ block: 'center', behavior: 'instant' }));
  await page.locator(`[data-island="${island}"][data-hydrated="true"]`).waitFor();
}

/**
 * Moves the page's clock on by `ms`, one second at a time. After each second
 * the page's own tasks run (React renders on a MessageChannel, which the clock
 * does not fake) before the next: a countdown sets each second's timer only
 * once the last one has been rendered, and a single runFor would find none.
 */
export async function runSeconds(page: Page, ms: number) {
  for (let elapsed = 0; elapsed < ms; elapsed += 1000) {
    await page.clock.runFor(1000);
    await page.evaluate(async () => {
      for (let i = 0; i < 5; i++) {
        await new Promise<void>((resolve) => {
          const channel = new MessageChannel();
          channel.port1.onmessage = () => resolve();
          channel.port2.postMessage(null);
        });
      }
    });
  }
}

// ---------------------------------------------------------------- forms

/** Currency formats use non-breaking spaces (U+00A0, U+202F): compare them as plain spaces. */
export const spaces = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');

/** Changes how the fake Turnstile and MailChannels (tests/e2e/fake-upstreams.ts) behave. */
export const control = (state: Record<string, unknown>) =>
  fetch(`${inject('upstreamURL')}/control`, { method: 'POST', body: JSON.stringify(state) });

/** Every test of the calling file starts with the fake Turnstile and MailChannels passing, answering at once. */
export function usePassingUpstreams() {
  beforeEach(async () => {
    await control({ turnstile: 'pass', script: 'ok', mailStatus: 202, holdVerify: false });
  });
}

/** The e-mails the fake MailChannels has "sent" so far in this run. */
export const mails = async () =>
  (await (await fetch(`${inject('upstreamURL')}/mails`)).json()) as { subject: string; personalizations: { to: { email: string }[] }[] }[];

/** The prefilled e-mail offered instead of the anti-robot check: its link, parsed. */
export async function prefilledMail(form: Locator) {
  const link = form.locator('.form-alternative a[href^="mailto:"]');
  await link.waitFor();
  const href = (await link.getAttribute('href'))!;
  const params = new URLSearchParams(href.slice(href.indexOf('?') + 1));
  return {
    to: href.slice('mailto:'.length, href.indexOf('?')),
    subject: params.get('subject'),
    body: params.get('body'),
    text: await link.innerText(),
  };
}

/** Visible error messages (each field keeps an empty line for its error). */
export const shownErrors = (form: Locator) => form.locator('.field-error:not(:empty)');
