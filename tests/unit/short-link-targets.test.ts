import { describe, expect, it } from 'vitest';
import { resolveTarget } from '../../worker/routes/short-links';

// worker/routes/short-links.ts: what a stored target may redirect to, in which language.
describe('short link targets', () => {
  it.each([
    ['/tools/signature-generator', 'fr', '/tools/signature-generator'],
    ['/tools/signature-generator', 'en', '/en/tools/signature-generator'],
    ['/portfolio?utm_source=flyer#digital', 'en', '/en/portfolio?utm_source=flyer#digital'],
    ['/en/team', 'fr', '/en/team'],
    ['https://www.instagram.com/jeepfl', 'en', 'https://www.instagram.com/jeepfl'],
    ['//evil.example', 'fr', null],
    ['/\\evil.example', 'fr', null],
    ['/\t/evil.example', 'fr', null],
    ['/\n/evil.example', 'fr', null],
    [' https://evil.example', 'fr', null],
    ['http://plain.example', 'fr', null],
    ['javascript:alert(1)', 'fr', null],
    ['not a url', 'fr', null],
    ['', 'fr', null],
    // Paths a URL parser normalises to `//evil.com`: refused, never normalised.
    ['/.//evil.com', 'fr', null],
    ['/../..//evil.com', 'fr', null],
    ['/%2e%2e/%2e%2e//evil.com', 'fr', null],
    ['/x/..//evil.com', 'fr', null],
    ['/en/.//evil.com', 'en', null],
    ['/en/x/..//evil.com', 'en', null],
    ['/en/../..//evil.com', 'fr', null],
    ['/a/./b', 'fr', null],
    ['/a%2fb', 'fr', null],
    ['/caf\u00e9', 'fr', null],
    ['https://jeepfl.ch@evil.example/', 'fr', null],
  ] as const)('%j (%s) -> %s', (target, locale, expected) => {
    expect(resolveTarget(target, locale)).toBe(expected);
  });
});
