// `npm run smoke -- <url> [--expect-noindex] [--short-link <slug>]`
//
// Checks a deployed copy of the site from the outside, the way a visitor's
// browser sees it, and exits 1 if anything is wrong (2 for a bad command
// line). The deploy pipeline runs it after every deploy, staging and
// production, and anyone can run it by hand:
//
//   npm run smoke -- https://jeepfl.ch
//   npm run smoke -- --env production      (the same, the address read from wrangler.toml)
//   npm run smoke -- --env staging         (the test site: expects noindex)
//
// It prints one line per check, `ok` or `FAIL` (with what was expected and what
// came back), then a summary. What it checks, and why:
//
// 1. `/` and `/en` answer 200 with an HTML page whose `<html lang>` is `fr` and
//    `en`: both languages are served (not an error page, not a redirect).
//    `/` is asked for with `Accept-Language: fr`, so the Worker's language
//    choice (worker/routes/pages/language-choice.ts) never sends it to `/en`;
//    `/en` is the canonical form (`/en/` answers 301 to it,
//    worker/middleware/canonical.ts).
// 2. Both pages carry the security headers worker/middleware/security.ts sets
//    on every response, and a Cache-Control. A few values matter enough to be
//    checked: CSP has `default-src 'self'` and `frame-ancestors 'none'`, HSTS a
//    max-age of at least one year, `X-Content-Type-Options: nosniff`,
//    `X-Frame-Options: DENY`; the others only need to be there. If one goes
//    missing (a hono upgrade, a Cloudflare rule rewriting headers), this fails.
//    If you change security.ts on purpose, change SECURITY_HEADERS in
//    scripts/smoke-pages.mjs too.
// 3. A short link answers a redirect to its target: by default the first slug
//    of scripts/short-links.json (`--short-link <slug>` picks another). This
//    proves the SHORT_LINKS KV namespace is bound and holds the links (each
//    deployed environment has its own namespace, filled with
//    `npm run links -- set <slug> <target> --remote --env <name>`). A slug
//    that is not in that file only needs to redirect somewhere.
// 4. /robots.txt answers 200 text/plain, /sitemap.xml 200 with an XML `<urlset`:
//    what search engines read.
// 5. GET /api/contact is refused with 405 and `Allow: POST`: the Worker's API
//    answers (worker/routes/forms.ts refuses anything but POST under /api/),
//    and a GET never submits anything. It cannot prove a real submission
//    works: that would send one (the browser tests cover the forms).
// 5a. POST /api/contact with valid fields and a made-up bot-check token is
//    refused with 400 and the code `bad_captcha`: the forms' secrets are
//    usable and Cloudflare's siteverify answered (a 503 means every visitor's
//    post is refused: `config.invalid_secrets` or `form.turnstile_unavailable`
//    in the logs). Nothing is stored or sent: the token never passes. A 200
//    means a made-up token passed: the site runs on Cloudflare's always-pass
//    test secret, fit for your own computer only. A 429 (the smoke test's own
//    address posted too often) is reported, not failed.
// 5b. GET /admin/outbox without a token is refused: the ordinary 404 page, or
//    a redirect to Cloudflare Access's login when Access is in front
//    (docs/deploy.md, "The admin routes"). Never 200: the outbox holds
//    visitors' requests.
// 2a. Both pages were rendered ahead by the build (`X-Page-Source: build`):
//    the Worker's settings are the ones its build rendered the pages for. A
//    var changed in the dashboard, or a deploy that skipped `npm run deploy`'s
//    build for that environment, would make every page render for each
//    request (right, but past the free plan's CPU on a cold start).
// 6. With --expect-noindex (implied by `--env staging`): both pages send
//    `X-Robots-Tag: noindex`, and robots.txt says `Disallow: /` for
//    `User-agent: *`, so the test site never shows up in search results.
//    Without it, the opposite fails: a public site that says noindex, or a
//    robots.txt that shuts every crawler out (staging's settings deployed to
//    production).
//
// `--env <staging|production>` instead of a URL checks that environment's
// SITE_URL from wrangler.toml (this loads wrangler, so it needs `npm ci`).
//
// Every request uses `redirect: 'manual'` (a redirect is reported, never
// followed), a 15-second timeout and the User-Agent `jeepfl-smoke`. Node's own
// fetch only: with a URL, no dependency (not even node_modules is needed).
//
// The requests and the result's shape are in scripts/smoke-requests.mjs, the
// checks of the two home pages in scripts/smoke-pages.mjs (its
// SECURITY_HEADERS), the others in scripts/smoke-routes.mjs.
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { pageChecks } from './smoke-pages.mjs';
import { get, post } from './smoke-requests.mjs';
import { adminCheck, formChecks, robotsChecks, SMOKE_POST, shortLinkCheck, sitemapCheck } from './smoke-routes.mjs';

/** The default short links (the ones `npm run links -- seed` and the README's deploy steps store). */
function defaultShortLinks() {
  return JSON.parse(readFileSync(new URL('./short-links.json', import.meta.url), 'utf8'));
}

/**
 * Runs every check against `baseUrl` (trailing slashes are ignored) and
 * resolves to `{ results: [{ name, ok, detail }], ok }`; never throws for a
 * site that is down or wrong, only reports it.
 *
 * @param {string} baseUrl e.g. https://jeepfl.ch
 * @param {{ expectNoindex?: boolean, shortLink?: string }} [options]
 */
export async function smoke(baseUrl, { expectNoindex = false, shortLink } = {}) {
  const base = baseUrl.replace(/\/+$/, '');
  const links = defaultShortLinks();
  const slug = shortLink ?? Object.keys(links)[0];
  const target = Object.hasOwn(links, slug) ? links[slug] : undefined;
  const linkPath = `/${encodeURIComponent(slug)}`;

  const [fr, en, link, robots, sitemap, form, admin, posted] = await Promise.all([
    get(base, '/', { 'Accept-Language': 'fr' }),
    get(base, '/en'),
    get(base, linkPath),
    get(base, '/robots.txt'),
    get(base, '/sitemap.xml'),
    get(base, '/api/contact'),
    get(base, '/admin/outbox'),
    post(base, '/api/contact', SMOKE_POST),
  ]);

  const results = [
    ...pageChecks(fr, '/', 'fr', 'French', expectNoindex),
    ...pageChecks(en, '/en', 'en', 'English', expectNoindex),
    shortLinkCheck(base, link, { linkPath, target }),
    ...robotsChecks(robots, expectNoindex),
    sitemapCheck(sitemap),
    ...formChecks(form, posted),
    adminCheck(admin),
  ];
  return { results, ok: results.every((r) => r.ok) };
}

const USAGE =
  'usage: npm run smoke -- <url> [--expect-noindex] [--short-link <slug>]   (url: http:// or https://, e.g. https://jeepfl.ch)\n' +
  '       npm run smoke -- --env <staging|production> [--short-link <slug>]   (the SITE_URL of that environment in wrangler.toml; staging expects noindex)';

/** An environment's SITE_URL, as wrangler reads wrangler.toml (only loaded for --env). */
async function siteUrlOf(envName) {
  const { experimental_readRawConfig: readRaw, unstable_readConfig: readConfig } = await import('wrangler');
  const configPath = new URL('../wrangler.toml', import.meta.url).pathname;
  if (!readRaw({ config: configPath }).rawConfig.env?.[envName]) return null;
  return readConfig({ config: configPath, env: envName }, { hideWarnings: true }).vars?.SITE_URL ?? null;
}

/** The command line: 0 when every check passes, 1 when one fails, 2 for a bad command line. */
async function main(argv) {
  const usage = (message) => {
    console.error(`${message}\n${USAGE}`);
    process.exit(2);
  };
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: { 'expect-noindex': { type: 'boolean' }, 'short-link': { type: 'string' }, env: { type: 'string' } },
    });
  } catch (error) {
    usage(error.message);
  }
  const { positionals, values } = parsed;
  if (values.env !== undefined) {
    if (positionals.length) usage('give either a URL or --env, not both');
    const siteUrl = await siteUrlOf(values.env);
    if (!siteUrl) usage(`wrangler.toml has no SITE_URL for the environment "${values.env}"`);
    positionals.push(siteUrl);
    if (values.env === 'staging') values['expect-noindex'] = true;
  }
  if (positionals.length !== 1)
    usage(positionals.length ? `expected one URL, got ${positionals.length}` : 'the URL of the site to check is missing');
  const [url] = positionals;
  let parsedUrl;
  try {
    parsedUrl = new URL(url);
  } catch {
    usage(`not a URL: ${url}`);
  }
  if (parsedUrl.protocol !== 'http:' && parsedUrl.protocol !== 'https:') usage(`not an http:// or https:// URL: ${url}`);
  if (parsedUrl.search || parsedUrl.hash) usage(`give the site's address without ? or #: ${url}`);
  if (values['short-link'] === '') usage('--short-link needs a slug, e.g. --short-link instagram');

  const base = url.replace(/\/+$/, '');
  console.log(`Checking ${base}${values['expect-noindex'] ? ' (staging: expecting noindex)' : ''}`);
  const { results, ok } = await smoke(base, { expectNoindex: values['expect-noindex'] ?? false, shortLink: values['short-link'] });
  for (const r of results) console.log(r.ok ? `ok    ${r.name}${r.detail ? ` (${r.detail})` : ''}` : `FAIL  ${r.name}: ${r.detail}`);
  const failed = results.filter((r) => !r.ok).length;
  console.log(ok ? `All ${results.length} checks passed.` : `${failed} of ${results.length} checks FAILED: see the FAIL lines above.`);
  process.exitCode = ok ? 0 : 1;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main(process.argv.slice(2)).catch((error) => {
    console.error(`FAIL  the smoke test itself crashed: ${error?.stack ?? error}`);
    process.exitCode = 1;
  });
}
