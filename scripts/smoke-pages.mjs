// The smoke test's checks of the two home pages, `/` and `/en` (scripts/smoke.mjs,
// checks 1, 2, 2a and 6): the page in its language, the security headers, the
// render ahead by the build, and whether search engines may index it.
import { result, shown, statusOf } from './smoke-requests.mjs';

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

/** The checks of one home page: `lang` its language's code, `language` its name in the check's line. */
export function pageChecks(response, path, lang, language, expectNoindex) {
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
