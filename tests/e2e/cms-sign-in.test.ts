import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { baseURL, useBrowser } from './browser';
import { E2E_GITHUB } from './fake-upstreams';

/**
 * The editor's sign-in in a real Chromium, through the Worker and a fake
 * GitHub on another origin: the window the editor opens goes to GitHub and
 * back, and must still reach its opener to hand over the token. The opener
 * here is a stand-in for the editor's page that speaks Decap's side of the
 * handshake (decap-cms-lib-auth: it answers `authorizing:github` from its own
 * origin only, then takes the result), served at the site's origin with the
 * opener policy /cms answers with, so no editor bundle is needed.
 */
const browser = useBrowser();

const EDITOR = `<!doctype html>
<html lang="en"><body>
<button id="sign-in">Sign in with GitHub</button>
<script>
window.received = [];
let popup;
addEventListener('message', (e) => {
  if (e.source !== popup) return;
  if (e.data === 'authorizing:github' && e.origin === location.origin) return popup.postMessage(e.data, e.origin);
  window.received.push({ origin: e.origin, data: e.data });
  popup.close();
});
document.getElementById('sign-in').addEventListener('click', () => {
  popup = window.open('/cms/auth?provider=github&site_id=' + location.host + '&scope=repo', 'Authenticate', 'width=600,height=600');
});
</script>
</body></html>`;

/** The stand-in editor, under `opener` (the Cross-Origin-Opener-Policy it is served with), and the window its button opens. */
async function signIn(opener: string): Promise<{ page: Page; popup: Page; close: () => Promise<void> }> {
  const context = await browser().newContext({ locale: 'fr-CH', reducedMotion: 'reduce' });
  const page = await context.newPage();
  await page.route(`${baseURL()}/cms-e2e-editor`, (route) =>
    route.fulfill({ status: 200, contentType: 'text/html', headers: { 'Cross-Origin-Opener-Policy': opener }, body: EDITOR }),
  );
  await page.goto(`${baseURL()}/cms-e2e-editor`);
  const opened = page.waitForEvent('popup');
  await page.click('#sign-in');
  const popup = await opened;
  return { page, popup, close: () => context.close() };
}

describe('signing in to the editor with GitHub', () => {
  it('hands the token to the editor’s window, at the site’s origin, after GitHub', async () => {
    const { page, popup, close } = await signIn('same-origin-allow-popups');
    try {
      await page.waitForFunction(() => (window as unknown as { received: unknown[] }).received.length > 0);
      expect(await page.evaluate(() => (window as unknown as { received: unknown[] }).received)).toEqual([
        { origin: baseURL(), data: `authorization:github:success:${JSON.stringify({ token: E2E_GITHUB.token, provider: 'github' })}` },
      ]);
      // The editor closes the window once it has the token (perhaps already).
      if (!popup.isClosed()) await popup.waitForEvent('close');
      expect(popup.isClosed()).toBe(true);
    } finally {
      await close();
    }
  });

  it('would lose the window under the site’s own opener policy: why /cms answers with another', async () => {
    const { popup, close } = await signIn('same-origin');
    try {
      await popup.waitForURL(/\/cms\/callback\?/);
      await popup.waitForLoadState('load');
      expect(await popup.locator('h1').textContent()).toBe('Connexion réussie');
      expect(await popup.evaluate(() => window.opener === null)).toBe(true);
    } finally {
      await close();
    }
  });
});
