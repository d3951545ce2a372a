import { describe, expect, it } from 'vitest';
import { LOCALES, SERVICE_IDS } from '../../content/collection-schema.ts';
import { content } from '../../content/index.ts';
import manifest from '../../dist/manifest.json';

// What the build makes of the content (here the tests' fixtures): files the
// site serves, HTML from Markdown. Broken files are tested in
// tests/node/content-build.test.ts, against the build itself; the
// association's own content in tests/content/.
const served = new Set(Object.keys(manifest.etags));

describe('the built content', () => {
  it('points only at files the site serves (job PDFs, images)', () => {
    expect(content.jobs.some((job) => job.attachments.length > 0)).toBe(true);
    for (const job of content.jobs) for (const a of job.attachments) expect(served.has(a), a).toBe(true);
    for (const image of Object.values(content.images)) {
      expect(served.has(image.src), image.src).toBe(true);
      for (const s of image.sources)
        for (const candidate of s.srcset.split(', ')) expect(served.has(candidate.split(' ')[0]!), candidate).toBe(true);
      expect(image.width).toBeGreaterThan(0);
      expect(image.height).toBeGreaterThan(0);
    }
  });

  it('has a page for every service, in the order of the site', () => {
    expect(content.services.map((s) => s.id)).toEqual([...SERVICE_IDS]);
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
});
