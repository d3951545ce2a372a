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
//    If you change security.ts on purpose, change SECURITY_HEADERS below too.
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
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';

const USER_AGENT = 'jeepfl-smoke/1.0 (deploy check: scripts/smoke.mjs)';
const TIMEOUT_MS = 15_000;
const REDIRECTS = [301, 302, 307, 308];
const ONE_YEAR = 365 * 24 * 60 * 60;

const present = { expected: 'present', test: () => true };
/** [header, what is expected (for the FAIL line), test of its value]: the headers of worker/middleware/security.ts. */
const SECURITY_HEADERS = [
  [
    'Content-Security-Policy',
    {
      expected: "containing default-src 'self' and frame-ancestors 'none'",
      test: (v) => v.includes("default-src 'self'") && v.includes("frame-ancestors 'none'"),
    },
  ],
  [
    'Strict-Transport-Security',
    { expected: `max-age of at least ${ONE_YEAR} (one year)`, test: (v) => Number(/max-age=(\d+)/i.exec(v)?.[1] ?? 0) >= ONE_YEAR },
  ],
  ['X-Content-Type-Options', { expected: 'nosniff', test: (v) => v.trim().toLowerCase() === 'nosniff' }],
  ['X-Frame-Options', { expected: 'DENY', test: (v) => v.trim().toUpperCase() === 'DENY' }],
  ['Referrer-Policy', present],
  ['Permissions-Policy', present],
  ['Cross-Origin-Resource-Policy', present],
  ['Cross-Origin-Opener-Policy', present],
  ['Cache-Control', present],
];

/** The default short links (the ones `npm run links -- seed` and the README's deploy steps store). */
function defaultShortLinks() {
  return JSON.parse(readFileSync(new URL('./short-links.json', import.meta.url), 'utf8'));
}

/** A quoted header value for a FAIL line, or "nothing". */
const shown = (value) =>
  value === null || value === undefined ? 'nothing' : JSON.stringify(value.length > 120 ? `${value.slice(0, 117)}...` : value);
const statusOf = (r) =>
  REDIRECTS.includes(r.status) ? `${r.status} (a redirect to ${r.headers.get('location') ?? 'nowhere'})` : String(r.status);

/** GET one path: { url, status, headers, body } or { url, error }. Never throws. */
async function get(base, path, headers = {}) {
  const url = base + path;
  try {
    const res = await fetch(url, {
      redirect: 'manual',
      signal: AbortSignal.timeout(TIMEOUT_MS),
      headers: { 'User-Agent': USER_AGENT, ...headers },
    });
    const body = await res.text();
    return { url, status: res.status, headers: res.headers, body };
  } catch (error) {
    const reason =
      error?.name === 'TimeoutError'
        ? `no answer within ${TIMEOUT_MS / 1000} s`
        : `${error?.message ?? error}${error?.cause ? ` (${error.cause.code ?? error.cause.message ?? error.cause})` : ''}`;
    return { url, error: `could not reach ${url}: ${reason}` };
  }
}

/** A form post as a browser without the bot check would send it (JSON, answered in JSON). */
async function post(base, path, data) {
  const url = base + path;
  try {
    const res = await fetch(url, {
      method: 'POST',
      redirect: 'manual',
      signal: AbortSignal.timeout(TIMEOUT_MS),
      headers: { 'User-Agent': USER_AGENT, 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify(data),
    });
    return { url, status: res.status, headers: res.headers, body: await res.text() };
  } catch (error) {
    return {
      url,
      error: `could not reach ${url}: ${error?.name === 'TimeoutError' ? `no answer within ${TIMEOUT_MS / 1000} s` : (error?.message ?? error)}`,
    };
  }
}

/** Valid fields for the contact form, with a token no bot check would ever issue. */
const SMOKE_POST = {
  firstName: 'Smoke',
  lastName: 'Test',
  email: 'smoke-test@example.org',
  source: 'other',
  message: 'Automatic check of the site (npm run smoke): never sent, the bot check refuses it.',
  'cf-turnstile-response': 'smoke-test-not-a-turnstile-token',
  locale: 'en',
};

/** One check's result: ok when `problems` is empty; the detail says what was expected and what came back. */
function result(name, response, problems, okDetail = '') {
  if (response.error) return { name, ok: false, detail: response.error };
  const list = problems.filter(Boolean);
  return { name, ok: list.length === 0, detail: list.length ? list.join('; ') : okDetail };
}

function pageChecks(response, path, lang, language, expectNoindex) {
  const checks = [];
  const r = response;
  const htmlLang = r.body === undefined ? null : (/<html\b[^>]*?\blang=["']?([A-Za-z-]+)/i.exec(r.body)?.[1] ?? null);
  const type = r.headers?.get('content-type') ?? null;
  checks.push(
    result(`${path} answers 200 with the ${language} HTML page`, r, [
      r.status !== 200 && `expected status 200, got ${statusOf(r)}`,
      r.status === 200 && !/^text\/html/i.test(type ?? '') && `expected Content-Type text/html, got ${shown(type)}`,
      r.status === 200 &&
        htmlLang !== lang &&
        `expected <html lang="${lang}">, got ${htmlLang ? `lang="${htmlLang}"` : 'no lang attribute'}`,
    ]),
  );
  checks.push(
    result(
      `${path} sends the security headers and Cache-Control`,
      r,
      SECURITY_HEADERS.map(([header, { expected, test }]) => {
        const value = r.headers?.get(header) ?? null;
        return (value === null || !test(value)) && `${header}: expected ${expected}, got ${shown(value)}`;
      }),
    ),
  );
  // Rendered ahead by the build, for this deploy's settings (docs/decisions/0017): `request` means the
  // Worker's settings are not the ones the build rendered for (deployed without `npm run deploy`, or a
  // var changed in the dashboard): every page then costs React on each cold start, past the free plan's CPU.
  const source = r.headers?.get('x-page-source') ?? null;
  if (r.status === 200)
    checks.push(
      result(`${path} was rendered ahead by the build (X-Page-Source: build)`, r, [
        source !== 'build' &&
          `X-Page-Source: expected build, got ${shown(source)} (the deploy's settings differ from those its build rendered the pages for: deploy again with npm run deploy)`,
      ]),
    );
  const tag = r.headers?.get('x-robots-tag') ?? null;
  if (expectNoindex) {
    checks.push(
      result(`${path} sends X-Robots-Tag: noindex (staging)`, r, [
        !/noindex/i.test(tag ?? '') && `X-Robots-Tag: expected noindex, got ${shown(tag)}`,
      ]),
    );
  } else if (/noindex/i.test(tag ?? '')) {
    // The public site deployed with the test site's settings would vanish from search engines.
    checks.push(
      result(`${path} may be indexed`, r, [
        `X-Robots-Tag: expected no noindex on the public site, got ${shown(tag)} (deployed with staging's settings?)`,
      ]),
    );
  }
  return checks;
}

/** Whether robots.txt forbids the whole site to every crawler: `Disallow: /` in a `User-agent: *` group, and no `Allow: /` there. */
function disallowsAll(text) {
  let agents = [];
  let inRules = false;
  let disallow = false;
  let allow = false;
  for (const raw of text.split(/\r?\n/)) {
    const match = /^\s*([A-Za-z-]+)\s*:\s*(.*?)\s*$/.exec(raw.replace(/#.*/, ''));
    if (!match) continue;
    const [, key, value] = match;
    if (key.toLowerCase() === 'user-agent') {
      if (inRules) [agents, inRules] = [[], false];
      agents.push(value);
      continue;
    }
    inRules = true;
    if (!agents.includes('*')) continue;
    if (key.toLowerCase() === 'disallow' && value === '/') disallow = true;
    if (key.toLowerCase() === 'allow' && value === '/') allow = true;
  }
  return disallow && !allow;
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

  const results = [...pageChecks(fr, '/', 'fr', 'French', expectNoindex), ...pageChecks(en, '/en', 'en', 'English', expectNoindex)];

  // The short link: a path target is resolved against the site, so `/portfolio` matches `Location: /portfolio` or an absolute one.
  const location = link.headers?.get('location') ?? null;
  const expectedTarget = target === undefined ? null : new URL(target, `${base}/`).href;
  const actualTarget = location === null ? null : new URL(location, link.url).href;
  results.push(
    result(
      expectedTarget ? `${linkPath} redirects to ${target}` : `${linkPath} redirects (not in scripts/short-links.json: any target)`,
      link,
      [
        !REDIRECTS.includes(link.status) &&
          `expected a redirect (${REDIRECTS.join(', ')}) to ${target ?? 'anywhere'}, got status ${link.status}`,
        REDIRECTS.includes(link.status) && location === null && `expected a Location header, got none (status ${link.status})`,
        REDIRECTS.includes(link.status) &&
          expectedTarget &&
          actualTarget !== null &&
          actualTarget !== expectedTarget &&
          `expected Location ${target}, got ${shown(location)}`,
      ],
      `${link.status} to ${location}`,
    ),
  );

  const robotsType = robots.headers?.get('content-type') ?? null;
  results.push(
    result('/robots.txt answers 200 text/plain', robots, [
      robots.status !== 200 && `expected status 200, got ${statusOf(robots)}`,
      robots.status === 200 && !/^text\/plain/i.test(robotsType ?? '') && `expected Content-Type text/plain, got ${shown(robotsType)}`,
    ]),
  );
  if (!expectNoindex && robots.status === 200 && disallowsAll(robots.body)) {
    results.push(
      result('/robots.txt lets search engines in', robots, [
        'expected the public site\'s rules, got "Disallow: /" for every crawler (deployed with staging\'s settings?)',
      ]),
    );
  }
  if (expectNoindex) {
    results.push(
      result('/robots.txt disallows everything: "User-agent: *" then "Disallow: /" (staging)', robots, [
        robots.status === 200 &&
          !disallowsAll(robots.body) &&
          `expected "User-agent: *" with "Disallow: /", got ${shown(robots.body.trim().replace(/\s*\n\s*/g, ' | '))}`,
        robots.status !== 200 && `expected status 200, got ${statusOf(robots)}`,
      ]),
    );
  }

  const sitemapType = sitemap.headers?.get('content-type') ?? null;
  results.push(
    result('/sitemap.xml answers 200 with an XML <urlset>', sitemap, [
      sitemap.status !== 200 && `expected status 200, got ${statusOf(sitemap)}`,
      sitemap.status === 200 && !/xml/i.test(sitemapType ?? '') && `expected an XML Content-Type, got ${shown(sitemapType)}`,
      sitemap.status === 200 &&
        !sitemap.body.includes('<urlset') &&
        `expected <urlset in the body, got ${shown(sitemap.body.slice(0, 80))}`,
    ]),
  );

  const allow = form.headers?.get('allow') ?? null;
  results.push(
    result('GET /api/contact is refused with 405 and Allow: POST', form, [
      form.status !== 405 && `expected status 405, got ${statusOf(form)}`,
      form.status === 405 && !/\bPOST\b/i.test(allow ?? '') && `expected Allow: POST, got ${shown(allow)}`,
    ]),
  );

  results.push(
    result(
      'POST /api/contact with a made-up bot-check token is refused with 400 bad_captcha (the forms can check posts)',
      posted,
      [
        posted.status === 503 &&
          'got 503: the forms refuse every post. A secret is missing or wrong, or siteverify is unreachable: look for config.invalid_secrets or form.turnstile_unavailable in the logs (docs/operations.md, "When the site fails")',
        posted.status === 200 &&
          "got 200: a made-up token passed the bot check, so TURNSTILE_SECRET_KEY is one of Cloudflare's always-pass test secrets (for your own computer only)",
        ![400, 429, 503, 200].includes(posted.status) && `expected status 400, got ${statusOf(posted)}`,
        posted.status === 400 &&
          !posted.body.includes('bad_captcha') &&
          `expected the code bad_captcha, got ${shown(posted.body.slice(0, 120))}`,
      ],
      posted.status === 429 ? 'not checked: this address posted too often (429), try again in a minute' : '',
    ),
  );

  const accessLogin =
    REDIRECTS.includes(admin.status) && /\.cloudflareaccess\.com$/i.test(safeHost(admin.headers?.get('location'), admin.url));
  results.push(
    result('GET /admin/outbox without a token is refused (404, or Cloudflare Access)', admin, [
      admin.status !== 404 && !accessLogin && `expected status 404 (or a redirect to Cloudflare Access), got ${statusOf(admin)}`,
    ]),
  );

  return { results, ok: results.every((r) => r.ok) };
}

/** The host a Location points to, or '' when there is none. */
function safeHost(location, from) {
  try {
    return location ? new URL(location, from).hostname : '';
  } catch {
    return '';
  }
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
