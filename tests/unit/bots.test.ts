import { describe, expect, it } from 'vitest';
import { isBot } from '../../worker/request/bots';

// worker/request/bots.ts: crawlers get the whole document at once and a bare 500.
describe('crawler detection', () => {
  it.each([
    ['Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)', true],
    ['Mozilla/5.0 (compatible; bingbot/2.0)', true],
    ['DuckDuckBot/1.1', true],
    ['facebookexternalhit/1.1', true],
    ['LinkedInBot/1.0', true],
    ['Twitterbot/1.0', true],
    ['Slackbot-LinkExpanding 1.0', true],
    ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36', false],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1',
      false,
    ],
    ['Mozilla/5.0 (Linux; Android 10; CUBOT X30) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Mobile Safari/537.36', false],
    ['Mozilla/5.0 (compatible; SomeNewBot/1.0; +https://example.com/bot)', true],
    [undefined, false],
  ])('%s -> %s', (ua, expected) => {
    expect(isBot(ua)).toBe(expected);
  });
});
