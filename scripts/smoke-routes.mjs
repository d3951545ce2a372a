// The smoke test's checks of the site's other addresses (scripts/smoke.mjs,
// checks 3 to 6): a short link, what search engines read, and the API and
// admin routes refusing what they must.
import { REDIRECTS, result, shown, statusOf } from './smoke-requests.mjs';

/** Valid fields for the contact form, with a token no bot check would ever issue. */
export const SMOKE_POST = {
  firstName: 'Smoke',
  lastName: 'Test',
  email: 'smoke-test@example.org',
  source: 'other',
  message: 'Automatic check of the site (npm run smoke): never sent, the bot check refuses it.',
  'cf-turnstile-response': 'smoke-test-not-a-turnstile-token',
  locale: 'en',
};

/** The short link: a path target is resolved against the site, so `/portfolio` matches `Location: /portfolio` or an absolute one. */
export function shortLinkCheck(base, link, { linkPath, target }) {
  const location = link.headers?.get('location') ?? null;
  const expectedTarget = target === undefined ? null : new URL(target, `${base}/`).href;
  const actualTarget = location === null ? null : new URL(location, link.url).href;
  return result(
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
  );
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

/** robots.txt: served as text, shutting crawlers out of the test site only. */
export function robotsChecks(robots, expectNoindex) {
  const results = [];
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
  return results;
}

export function sitemapCheck(sitemap) {
  const sitemapType = sitemap.headers?.get('content-type') ?? null;
  return result('/sitemap.xml answers 200 with an XML <urlset>', sitemap, [
    sitemap.status !== 200 && `expected status 200, got ${statusOf(sitemap)}`,
    sitemap.status === 200 && !/xml/i.test(sitemapType ?? '') && `expected an XML Content-Type, got ${shown(sitemapType)}`,
    sitemap.status === 200 && !sitemap.body.includes('<urlset') && `expected <urlset in the body, got ${shown(sitemap.body.slice(0, 80))}`,
  ]);
}

/** The contact form's endpoint: a GET refused, a post with a made-up token refused by the bot check. */
export function formChecks(form, posted) {
  const allow = form.headers?.get('allow') ?? null;
  return [
    result('GET /api/contact is refused with 405 and Allow: POST', form, [
      form.status !== 405 && `expected status 405, got ${statusOf(form)}`,
      form.status === 405 && !/\bPOST\b/i.test(allow ?? '') && `expected Allow: POST, got ${shown(allow)}`,
    ]),
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
  ];
}

export function adminCheck(admin) {
  const accessLogin =
    REDIRECTS.includes(admin.status) && /\.cloudflareaccess\.com$/i.test(safeHost(admin.headers?.get('location'), admin.url));
  return result('GET /admin/outbox without a token is refused (404, or Cloudflare Access)', admin, [
    admin.status !== 404 && !accessLogin && `expected status 404 (or a redirect to Cloudflare Access), got ${statusOf(admin)}`,
  ]);
}

/** The host a Location points to, or '' when there is none. */
function safeHost(location, from) {
  try {
    return location ? new URL(location, from).hostname : '';
  } catch {
    return '';
  }
}
