import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Locale } from '../../client/i18n.ts';
import { jobs } from '../../content/index.ts';
import { decode, getAs, ORIGIN } from './helpers';

// Dates decide what shows, on each request: these run on a fixed clock.
const job = [...jobs].sort((a, b) => a.validThrough.localeCompare(b.validThrough))[0]!;
const other = jobs.find((j) => j.validThrough > job.validThrough)!;

/** Noon in Lausanne on `date` plus `days`. */
function at(date: string, days = 0) {
  const d = new Date(`${date}T11:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d;
}

async function html(locale: Locale, path: string) {
  const res = await getAs(locale, path);
  return { status: res.status, html: decode(await res.text())! };
}

const jsonLdTypes = (page: string) =>
  [...page.matchAll(/<script type="application\/ld\+json"[^>]*>(.*?)<\/script>/gs)].map(
    (m) => (JSON.parse(m[1]!) as { '@type': string })['@type'],
  );

describe('job offers follow their deadline', () => {
  afterEach(() => vi.useRealTimers());

  it('shows an offer up to and including its last day, with its JobPosting', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(at(job.validThrough));
    const list = await html('fr', '/jobs');
    expect(list.html).toContain(`href="/jobs/${job.id}"`);
    const page = await html('en', `/en/jobs/${job.id}`);
    expect(page.status).toBe(200);
    expect(jsonLdTypes(page.html)).toContain('JobPosting');
  });

  it('the day after, drops it from /jobs, the sitemap and JSON-LD; its page answers 410 and points to the open ones', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(at(job.validThrough, 1));

    const list = await html('fr', '/jobs');
    expect(list.html).not.toContain(`/jobs/${job.id}"`);
    expect(list.html).toContain(`href="/jobs/${other.id}"`);

    const sitemap = await (await getAs('fr', '/sitemap.xml')).text();
    expect(sitemap).not.toContain(`/jobs/${job.id}<`);
    expect(sitemap).toContain(`${ORIGIN}/jobs/${other.id}<`);

    const fr = await html('fr', `/jobs/${job.id}`);
    expect(fr.status).toBe(410);
    expect(fr.html).toContain('Cette offre n’est plus ouverte');
    expect(fr.html).toMatch(/possibles jusqu’au \d{1,2}\s\p{L}+\s\d{4}\./u);
    expect(fr.html).toContain('<a class="button" href="/jobs#positions">Voir les offres ouvertes</a>');
    expect(fr.html).toContain('<meta name="robots" content="noindex"');
    expect(jsonLdTypes(fr.html)).not.toContain('JobPosting');

    const en = await html('en', `/en/jobs/${job.id}`);
    expect(en.status).toBe(410);
    expect(en.html).toContain('This offer is no longer open');
    expect(en.html).toMatch(/Applications closed on \d{1,2}\s\p{L}+\s\d{4}\./u);
    expect(en.html).toContain('href="/en/jobs#positions"');
  });

  it('counts the open offers on the home page from the list itself', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(at(job.validThrough));
    const open = jobs.filter((j) => j.validThrough >= job.validThrough && j.published <= job.validThrough).length;
    const before = await html('en', '/en');
    expect(before.html).toMatch(
      new RegExp(`<span class="stat-value">${open}</span><span class="stat-label">student jobs? open right now</span>`),
    );

    vi.setSystemTime(at('2100-01-01'));
    const none = await html('en', '/en');
    expect(none.html).not.toContain('open right now');
    expect((await html('en', '/en/jobs')).html).toContain('There are no open positions');
  });
});

describe('events split by date', () => {
  afterEach(() => vi.useRealTimers());

  it('an event shows as upcoming on its own day in Lausanne, and as past from the next', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-12-09T22:30:00Z')); // 23:30 in Lausanne, still the 9th
    const on = (await html('en', '/en/events')).html;
    const upcoming = on.slice(on.indexOf('What’s on'), on.indexOf('Recent events'));
    expect(upcoming).toContain('Christmas party');
    vi.setSystemTime(new Date('2026-12-09T23:30:00Z')); // 00:30 on the 10th in Lausanne
    const after = (await html('en', '/en/events')).html;
    expect(after.slice(after.indexOf('Recent events'))).toContain('Christmas party');
  });
});

describe('the key figures', () => {
  it('say their year, in each language’s words', async () => {
    const fr = (await html('fr', '/')).html;
    const en = (await html('en', '/en')).html;
    expect(fr.replace(/<[^>]+>/g, ' ')).toMatch(/En 2024\s+36\s+projets réalisés/);
    expect(en.replace(/<[^>]+>/g, ' ')).toMatch(/In 2024\s+390(?:'|&#x27;|&#39;)000 CHF\s+in revenue/);
    const digital = (await html('en', '/en/services/digital')).html
      .replace(/<(script|style)\b[\s\S]*?<\/\1>/g, '')
      .replace(/<[^>]+>/g, ' ');
    expect(digital).toMatch(/projects completed in 2024/);
    expect(digital).not.toContain('{');
  });
});
