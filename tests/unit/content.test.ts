import { describe, expect, it } from 'vitest';
import { jobs, jobsSchema } from '../../worker/content/jobs';
import { articles, articlesSchema, readingMinutes } from '../../worker/content/news';

describe('content collections', () => {
  it('jobs are valid, in both languages, with unique slugs', () => {
    const parsed = jobsSchema.safeParse(jobs);
    expect(parsed.success, parsed.error?.message).toBe(true);
  });

  it('articles are valid, in both languages, with unique ids', () => {
    const parsed = articlesSchema.safeParse(articles);
    expect(parsed.success, parsed.error?.message).toBe(true);
  });

  it('rejects a duplicate slug and a missing translation', () => {
    expect(jobsSchema.safeParse([jobs[0], jobs[0]]).success).toBe(false);
    const untranslated = { ...jobs[0]!, title: { fr: 'Titre', en: '' } };
    expect(jobsSchema.safeParse([untranslated]).success).toBe(false);
    expect(articlesSchema.safeParse([{ ...articles[0]!, date: '2026-13-40' }]).success).toBe(false);
  });

  it('computes reading time from the text, at least one minute', () => {
    const long = { ...articles[0]!, body: { fr: ['mot '.repeat(1000)], en: ['word '.repeat(600)] } };
    expect(readingMinutes(long, 'fr')).toBe(5);
    expect(readingMinutes(long, 'en')).toBe(3);
    expect(readingMinutes({ ...articles[0]!, body: { fr: ['court'], en: ['short'] } }, 'en')).toBe(1);
  });
});
