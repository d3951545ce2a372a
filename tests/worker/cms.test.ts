import { describe, expect, it } from 'vitest';
import manifest from '../../dist/manifest.json';
import en from '../../locales/en.json';
import fr from '../../locales/fr.json';
import { csp, NOT_SET_UP, SET_UP, useFakeGitHub, visit, withEditorBuilt } from './cms-helpers';

/**
 * The editor's page at /cms: what it loads, the policy it runs under, and
 * what it says when it cannot run; the rest of the site keeps its own policy
 * whatever /cms answers. (The sign-in: cms-sign-in.test.ts.)
 */
const ENTRY = '/cms/cms.TESTHASH.js';
const github = useFakeGitHub();

/** The site's own policy, as every page gets it (security.test.ts checks it whole). */
async function expectSitePolicy(res: Response) {
  expect(res.status).toBe(200);
  expect(csp(res).get('script-src')).toBe(
    `'${manifest.boot.hash}' '${manifest.intents.hash}' 'strict-dynamic' 'self' https://challenges.cloudflare.com`,
  );
  expect(csp(res).get('style-src')).not.toContain("'unsafe-inline'");
  expect(res.headers.get('Cross-Origin-Opener-Policy')).toBe('same-origin');
  expect(res.headers.get('Referrer-Policy')).toBe('strict-origin-when-cross-origin');
}

describe('the editor, built and set up', () => {
  withEditorBuilt(ENTRY);

  it('is a page that loads the bundle and nothing else, never indexed nor stored', async () => {
    const res = await visit('/cms');
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html.startsWith('<!doctype html>')).toBe(true);
    expect(html).toContain('<html lang="fr">');
    expect(html).toContain('<meta name="robots" content="noindex">');
    expect(html).toContain(`<title>${fr.cms.title.replace('{{name}}', 'JE EPFL')}</title>`);
    expect(html).toContain('<div id="nc-root"></div>');
    expect([...html.matchAll(/<script\b[^>]*>/g)].map(([tag]) => tag)).toEqual([`<script type="module" src="${ENTRY}">`]);
    // Without JavaScript, the page says what it needs.
    expect(html).toContain(`<noscript><p>${fr.cms.noscript}</p></noscript>`);
    expect(res.headers.get('X-Robots-Tag')).toBe('noindex');
    expect(res.headers.get('Cache-Control')).toBe('no-store');
    expect(github().exchanges).toEqual([]);
  });

  it('runs under its own policy: eval and inline styles for Decap, GitHub’s API and avatars, nothing more', async () => {
    const res = await visit('/cms');
    const policy = csp(res);
    expect(policy.get('default-src')).toBe("'self'");
    expect(policy.get('script-src')).toBe("'self' 'unsafe-eval'");
    expect(policy.get('style-src')).toBe("'self' 'unsafe-inline'");
    expect(policy.get('img-src')).toBe("'self' data: blob: https://avatars.githubusercontent.com");
    expect(policy.get('connect-src')).toBe("'self' blob: https://api.github.com https://www.githubstatus.com");
    expect(policy.get('frame-ancestors')).toBe("'none'");
    expect(policy.get('base-uri')).toBe("'none'");
    expect(policy.get('object-src')).toBe("'none'");
    // It opens GitHub's sign-in in a window it must keep hearing from.
    expect(res.headers.get('Cross-Origin-Opener-Policy')).toBe('same-origin-allow-popups');
    // The site's other headers stay.
    expect(res.headers.get('Strict-Transport-Security')).toBe('max-age=63072000; includeSubDomains');
    expect(res.headers.get('X-Frame-Options')).toBe('DENY');
  });

  it('reaches the local backend (decap-server) on a computer only', async () => {
    const res = await visit('/cms', { settings: { ...NOT_SET_UP, ENVIRONMENT: 'development' } });
    expect(res.status).toBe(200);
    expect(csp(res).get('connect-src')).toBe(
      "'self' blob: https://api.github.com https://www.githubstatus.com http://localhost:8081 http://127.0.0.1:8081",
    );
  });

  it('leaves the rest of the site under the site’s own policy, before and after', async () => {
    await expectSitePolicy(await visit('/', { headers: { Cookie: 'lang=fr' } }));
    expect((await visit('/cms')).status).toBe(200);
    await expectSitePolicy(await visit('/', { headers: { Cookie: 'lang=fr' } }));
    await expectSitePolicy(await visit('/en/team', { headers: { Cookie: 'lang=en' } }));
  });

  it('has one address: /en/cms and /cms/ lead to /cms', async () => {
    for (const path of ['/en/cms', '/cms/', '/CMS']) {
      const res = await visit(path);
      expect(res.status, path).toBe(301);
      expect(res.headers.get('Location'), path).toBe('/cms');
    }
    const res = await visit('/en/cms/');
    expect(res.headers.get('Location')).toBe('/en/cms');
  });
});

describe('without the GitHub OAuth app’s secrets', () => {
  withEditorBuilt(ENTRY);

  it.each([
    ['the editor', '/cms'],
    ['the sign-in', '/cms/auth'],
  ])('%s says, in French then in English, what a maintainer must set up', async (_, path) => {
    const res = await visit(path, { settings: NOT_SET_UP });
    expect(res.status).toBe(503);
    expect(res.headers.get('Location')).toBeNull();
    expect(res.headers.get('Set-Cookie')).toBeNull();
    expect(res.headers.get('X-Robots-Tag')).toBe('noindex');
    expect(res.headers.get('Cache-Control')).toBe('no-store');
    const html = await res.text();
    expect(html).toContain('<meta name="robots" content="noindex">');
    expect(html).toContain(`<h1>${fr.cms.setup.heading}</h1>`);
    expect(html).toContain(`<h2>${en.cms.setup.heading}</h2>`);
    expect(html).toContain('GITHUB_OAUTH_CLIENT_ID');
    expect(html).toContain('GITHUB_OAUTH_CLIENT_SECRET');
    expect(html).toContain('The editor at /cms (GitHub sign-in)');
    expect(html).not.toContain(ENTRY);
    expect(html).not.toMatch(/<script/);
    expect(github().exchanges).toEqual([]);
  });

  it('leaves every other page as it is', async () => {
    const res = await visit('/', { settings: NOT_SET_UP, headers: { Cookie: 'lang=fr' } });
    await expectSitePolicy(res);
    expect(await res.text()).toContain('<html lang="fr"');
  });

  it('counts one secret without the other as none, and logs which one is missing', async () => {
    for (const settings of [
      { ...NOT_SET_UP, GITHUB_OAUTH_CLIENT_ID: SET_UP.GITHUB_OAUTH_CLIENT_ID },
      { ...NOT_SET_UP, GITHUB_OAUTH_CLIENT_SECRET: SET_UP.GITHUB_OAUTH_CLIENT_SECRET },
      { ...SET_UP, GITHUB_OAUTH_CLIENT_SECRET: 'a secret with spaces' },
    ]) {
      expect((await visit('/cms', { settings })).status).toBe(503);
    }
  });
});

describe('a build without the editor', () => {
  withEditorBuilt(null);

  it('says so at /cms instead of naming a script that is not there', async () => {
    const res = await visit('/cms');
    expect(res.status).toBe(503);
    const html = await res.text();
    expect(html).toContain(`<h1>${fr.cms.notBuilt.heading}</h1>`);
    expect(html).toContain(`<h2>${en.cms.notBuilt.heading}</h2>`);
    expect(html).not.toMatch(/<script/);
    expect(res.headers.get('X-Robots-Tag')).toBe('noindex');
    expect(res.headers.get('Cache-Control')).toBe('no-store');
  });
});

describe('search engines', () => {
  it('are asked to keep out of /cms, which the sitemap never lists', async () => {
    const robots = await (await visit('/robots.txt', { settings: { ...SET_UP, ENVIRONMENT: 'production' } })).text();
    expect(robots.split('\n')).toContain('Disallow: /cms');
    const sitemap = await (await visit('/sitemap.xml')).text();
    expect(sitemap).toContain('<loc>https://jeepfl.ch/team</loc>');
    expect(sitemap).not.toContain('/cms');
  });
});
