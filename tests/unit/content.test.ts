import { describe, expect, it } from 'vitest';
import manifest from '../../dist/manifest.json';
import { awards, awardsSchema } from '../../worker/content/awards';
import { activities, activitiesSchema, events, eventsSchema, galleries, galleriesSchema } from '../../worker/content/events';
import { faqsSchema, jobsFaq } from '../../worker/content/faq';
import { jobs, jobsSchema } from '../../worker/content/jobs';
import { articles, articlesSchema, readingMinutes } from '../../worker/content/news';
import { partners, partnersSchema } from '../../worker/content/partners';
import { projects, projectsSchema } from '../../worker/content/portfolio';
import { privacy, privacySchema } from '../../worker/content/privacy';
import { services, servicesSchema } from '../../worker/content/services';
import { roles, rolesSchema } from '../../worker/content/team';
import { testimonials, testimonialsSchema } from '../../worker/content/testimonials';

// Every collection against its schema: both languages present, unique slugs, valid dates.
const collections: [string, { safeParse: (v: unknown) => { success: boolean; error?: { message: string } } }, unknown][] = [
  ['jobs', jobsSchema, jobs],
  ['news', articlesSchema, articles],
  ['portfolio', projectsSchema, projects],
  ['events', eventsSchema, events],
  ['activities', activitiesSchema, activities],
  ['galleries', galleriesSchema, galleries],
  ['team roles', rolesSchema, roles],
  ['partners', partnersSchema, partners],
  ['testimonials', testimonialsSchema, testimonials],
  ['awards', awardsSchema, awards],
  ['services', servicesSchema, services],
  ['jobs FAQ', faqsSchema, jobsFaq],
  ['privacy policy', privacySchema, privacy],
];

describe('content collections', () => {
  it.each(collections)('%s are valid', (_, schema, data) => {
    const parsed = schema.safeParse(data);
    expect(parsed.success, parsed.error?.message).toBe(true);
  });

  it('point only at files that exist (job attachments, gallery images)', () => {
    const served = new Set(Object.keys(manifest.etags));
    for (const job of jobs) {
      expect(job.attachments.length, `${job.slug} has its offer as PDF`).toBeGreaterThan(0);
      for (const a of job.attachments) expect(served.has(a.path), a.path).toBe(true);
    }
    for (const g of galleries) expect(served.has(g.image.src), g.image.src).toBe(true);
  });

  it('rejects a duplicate slug, a missing translation and an impossible date', () => {
    expect(jobsSchema.safeParse([jobs[0], jobs[0]]).success).toBe(false);
    expect(jobsSchema.safeParse([{ ...jobs[0]!, title: { fr: 'Titre', en: '' } }]).success).toBe(false);
    expect(articlesSchema.safeParse([{ ...articles[0]!, date: '2026-13-40' }]).success).toBe(false);
    expect(projectsSchema.safeParse([projects[0], projects[0]]).success).toBe(false);
  });

  it('covers every service, every portfolio category and every role of spec §3', () => {
    expect(services.map((s) => s.id).sort()).toEqual(['design', 'digital', 'economy', 'engineering', 'translation']);
    for (const c of ['digital', 'engineering', 'economy']) expect(projects.some((p) => p.category === c), c).toBe(true);
    expect(roles.filter((r) => r.group === 'direction')).toHaveLength(5);
    expect(roles.filter((r) => r.group === 'poles')).toHaveLength(8);
    // Names are the association's to fill in: none invented.
    for (const r of roles) expect(r.members).toEqual([]);
  });

  it('computes reading time from the text, at least one minute', () => {
    const long = { ...articles[0]!, body: { fr: ['mot '.repeat(1000)], en: ['word '.repeat(600)] } };
    expect(readingMinutes(long, 'fr')).toBe(5);
    expect(readingMinutes(long, 'en')).toBe(3);
    expect(readingMinutes({ ...articles[0]!, body: { fr: ['court'], en: ['short'] } }, 'en')).toBe(1);
  });
});
