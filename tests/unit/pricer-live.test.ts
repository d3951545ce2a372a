import { describe, expect, it } from 'vitest';
import { liveEstimate } from '../../client/forms/estimate/pricing';
import { countUnfinished, WORDS_MAX } from '../../client/forms/estimate/schema';
import { rates } from './rates';

const request = { service: 'translation_proofreading', words: '1000', sourceLanguage: 'fr', targetLanguages: ['en', 'de'] };

describe('the live estimate prices only a request the server would price', () => {
  it('prices a valid request: 1000 words into English and German = CHF 360', () => {
    expect(liveEstimate(request, rates)?.amount).toBe(360);
    expect(liveEstimate({ ...request, words: "1'000" }, rates)?.amount).toBe(360);
  });

  it.each([
    ['a count that is no count', { words: 'abc' }],
    ['a count of zero', { words: '0' }],
    ['a negative count', { words: '-5' }],
    ['a decimal count', { words: '12.5' }],
    ['a count past the maximum', { words: String(WORDS_MAX + 1) }],
    ['no count', { words: '' }],
    ['no source language', { sourceLanguage: '' }],
    ['no target language', { targetLanguages: [] }],
    ['the source among the targets', { sourceLanguage: 'en' }],
    ['a target twice', { targetLanguages: ['en', 'en'] }],
    ['an unknown service', { service: 'interpreting' }],
  ])('nothing for %s', (_, change) => {
    expect(liveEstimate({ ...request, ...change }, rates)).toBeNull();
  });

  it('"another language" stands for any: as the source, it clashes with no target', () => {
    expect(liveEstimate({ ...request, sourceLanguage: 'other', targetLanguages: ['other', 'en'] }, rates)?.amount).toBe(180);
  });
});

describe('a count still being typed', () => {
  it.each(['', '  ', "2'", '2’', "1'000'"])('%j may still become a count: its error waits', (text) => {
    expect(countUnfinished(text)).toBe(true);
  });

  it.each(['abc', '0', '-5', '12.5', '12.', String(WORDS_MAX + 1)])('%j is wrong whatever comes next: its error shows at once', (text) => {
    expect(countUnfinished(text)).toBe(false);
  });

  it('a count already whole is not unfinished', () => {
    expect(countUnfinished("2'000")).toBe(false);
  });
});
