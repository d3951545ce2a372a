import { describe, expect, it } from 'vitest';
import { content } from '../../content/index.ts';
import { LOCALES, PROJECT_CATEGORIES, SERVICE_IDS } from '../../content/schema.ts';
import manifest from '../../dist/manifest.json';

// Properties of the content the build validated (dist/content.json). Broken
// files are tested in tests/node/content-build.test.ts, against the build itself.
const served = new Set(Object.keys(manifest.etags));

describe('the built content', () => {
  it('points only at files the site serves (job PDFs, images)', () => {
    for (const job of content.jobs) {
      expect(job.attachments.length, `${job.id} has its offer as PDF`).toBeGreaterThan(0);
      for (const a of job.attachments) expect(served.has(a), a).toBe(true);
    }
    for (const image of Object.values(content.images)) {
      expect(served.has(image.src), image.src).toBe(true);
      for (const s of image.sources)
        for (const candidate of s.srcset.split(', ')) expect(served.has(candidate.split(' ')[0]!), candidate).toBe(true);
      expect(image.width).toBeGreaterThan(0);
      expect(image.height).toBeGreaterThan(0);
    }
  });

  it('has every service, every portfolio category and every role', () => {
    expect(content.services.map((s) => s.id)).toEqual([...SERVICE_IDS]);
    for (const c of PROJECT_CATEGORIES)
      expect(
        content.portfolio.some((p) => p.category === c),
        c,
      ).toBe(true);
    expect(content.team.filter((r) => r.group === 'direction')).toHaveLength(5);
    expect(content.team.filter((r) => r.group === 'poles')).toHaveLength(8);
  });

  it('gives each role its own id and title in each language, and lists a person at most once per role', () => {
    expect(new Set(content.team.map((r) => r.id)).size).toBe(content.team.length);
    for (const l of LOCALES) {
      const titles = content.team.map((r) => r.title[l].trim());
      expect(new Set(titles).size, `two roles share a title in ${l}`).toBe(titles.length);
    }
    // The team page shows these names as they are: no one twice in a role.
    for (const r of content.team) expect(new Set(r.members).size, r.id).toBe(r.members.length);
  });

  it('gives each key figure with the year it counts', () => {
    const byId = Object.fromEntries(content.site.figures.map((f) => [f.id, f]));
    expect(byId.projects).toMatchObject({ value: { fr: '36' }, year: 2024 });
    expect(byId.revenue).toMatchObject({ value: { fr: '390’000\u00a0CHF', en: 'CHF\u00a0390’000' }, year: 2024 });
    expect(byId.students).toMatchObject({ value: { fr: '135' }, year: 2024 });
    expect(byId.founded?.value.fr).toBe('1983');
    // Counted from the jobs list at request time, never written down.
    expect(byId.hiring).toBeUndefined();
  });

  it('invents no contact detail: no phone number anywhere in the content', () => {
    const text = JSON.stringify(content);
    expect(text).not.toMatch(/\+41[\s\d]{9,}|\b0\d{2}\s?\d{3}\s?\d{2}\s?\d{2}\b/);
  });

  it('renders Markdown bodies to HTML in both languages, with reading time and headings', () => {
    for (const entry of [...content.news, ...content.jobs, ...content.services, content.privacy]) {
      for (const l of LOCALES) {
        expect(entry.html[l], `${entry.id}.${l}`).toMatch(/^<(p|h2|ul|ol)[ >]/);
        expect(entry.readingMinutes[l]).toBeGreaterThanOrEqual(1);
      }
    }
    expect(content.privacy.headings.fr.length).toBeGreaterThan(3);
    for (const h of content.privacy.headings.fr) expect(content.privacy.html.fr).toContain(`<h2 id="${h.id}">`);
  });

  it('keeps offers consistent: closing after they open', () => {
    for (const job of content.jobs) expect(job.validThrough >= job.published, job.id).toBe(true);
  });
});
