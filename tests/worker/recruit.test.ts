import { afterEach, describe, expect, it, vi } from 'vitest';
import { type Locale, locales } from '../../client/i18n.ts';
import { decode, getAs, ORIGIN } from './helpers';
import { scanQr } from './qr';

async function recruit(locale: Locale) {
  const res = await getAs(locale, locale === 'fr' ? '/tools/recruit' : '/en/tools/recruit');
  return { res, html: await res.text() };
}

/** The page's text, tags removed, entities decoded, spaces collapsed: what a reader sees. */
const text = (html: string) => decode(html.replace(/<[^>]+>/g, ' '))!.replace(/[ \t\n]+/g, ' ');

/** At a fixed moment (UTC), as the Worker's clock would give it. */
async function recruitAt(iso: string, locale: Locale) {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(iso));
  return recruit(locale);
}
afterEach(() => {
  vi.useRealTimers();
});

describe('/tools/recruit', () => {
  it.each(locales)('answers 200 in %s, as a noindex tool page without the site layout', async (locale) => {
    const { res, html } = await recruit(locale);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-language')).toBe(locale);
    expect(html).toContain('<meta name="robots" content="noindex"/>');
    expect(html).not.toContain('<header class="site-header">');
    expect(html).toContain('<main id="main" class="bare">');
  });

  it('says who can join the committee, in French', async () => {
    const page = text((await recruit('fr')).html);
    expect(page).toContain('Qui peut postuler\u00a0?');
    expect(page).toContain('Vous étudiez dans une haute école suisse.');
    expect(page).toContain('Vous parlez couramment français et avez un bon niveau d’anglais.');
    expect(page).toContain('Vous êtes disponible 10 à 15 heures par semaine, plus le mercredi de 19\u00a0h à 21\u00a0h.');
    expect(page).toContain('Nous recrutons deux fois par année, en septembre et en février.');
  });

  it('says who can join the committee, in English', async () => {
    const page = text((await recruit('en')).html);
    expect(page).toContain('Who can apply?');
    expect(page).toContain('You are registered at a Swiss university.');
    expect(page).toContain('You are fluent in French and have good English.');
    expect(page).toContain('You are available 10 to 15 hours a week, plus Wednesdays from 7 to 9 pm.');
    expect(page).toContain('We recruit twice a year, in September and February.');
  });

  it('names the next session: February after the autumn one', async () => {
    const fr = await recruitAt('2026-11-20T09:00:00Z', 'fr');
    expect(fr.html).toContain('<time class="recruit-session-month" dateTime="2027-02">février 2027</time>');
    expect(text(fr.html)).toContain('Prochaine session de recrutement février 2027');
    const en = await recruitAt('2026-11-20T09:00:00Z', 'en');
    expect(en.html).toContain('<time class="recruit-session-month" dateTime="2027-02">February 2027</time>');
    expect(text(en.html)).toContain('Next recruitment round February 2027');
  });

  it('names the next session: September after the spring one', async () => {
    const fr = await recruitAt('2027-03-15T12:00:00Z', 'fr');
    expect(fr.html).toContain('<time class="recruit-session-month" dateTime="2027-09">septembre 2027</time>');
    expect(text(fr.html)).not.toContain('en cours');
    const en = await recruitAt('2027-03-15T12:00:00Z', 'en');
    expect(en.html).toContain('<time class="recruit-session-month" dateTime="2027-09">September 2027</time>');
  });

  it('says the session is on during its month, by the calendar in Lausanne', async () => {
    // 31 August, 22:30 UTC is already 1 September, 00:30, in Lausanne.
    const fr = text((await recruitAt('2026-08-31T22:30:00Z', 'fr')).html);
    expect(fr).toContain('Session de recrutement en cours septembre 2026 C’est le moment de postuler\u00a0!');
    const en = text((await recruitAt('2027-02-01T10:00:00Z', 'en')).html);
    expect(en).toContain('Recruitment round under way February 2027 Now is the time to apply!');
    // January still points to the coming February, the same year.
    expect(text((await recruitAt('2027-01-31T12:00:00Z', 'en')).html)).toContain('Next recruitment round February 2027');
  });

  it('lists the eight poles from the team content and the four recruitment steps', async () => {
    const fr = text((await recruit('fr')).html);
    for (const pole of [
      'Pôle externe',
      'Pôle événements',
      'Pôle ressources humaines',
      'Pôle étudiant',
      'Pôle partenariats',
      'Pôle marketing',
      'Pôle informatique',
      'Pôle juridique',
    ]) {
      expect(fr).toContain(pole);
    }
    const en = (await recruit('en')).html;
    const steps = [...en.matchAll(/<section class="recruit-steps"[^>]*>.*?<\/section>/gs)][0]![0];
    expect([...steps.matchAll(/<h3>([^<]+)<\/h3>/g)].map((m) => decode(m[1]))).toEqual([
      'You apply',
      'One-to-one interview',
      'Group interview',
      'Welcome aboard',
    ]);
    expect(text(steps)).toContain('about forty individual interviews');
    expect(text(steps)).toContain('Twelve candidates');
  });

  it('offers to apply by e-mail to the association’s address and to see the student jobs', async () => {
    const { html } = await recruit('en');
    expect(html).toContain(
      'href="mailto:contact@jeepfl.ch?subject=Application%20to%20the%20JE%20EPFL%20committee">Apply to the committee</a>',
    );
    expect(html).toContain('<a href="mailto:contact@jeepfl.ch">contact@jeepfl.ch</a>');
    expect(html).toContain('<a href="/en/jobs">See student jobs</a>');
    const fr = (await recruit('fr')).html;
    expect(fr).toContain('<a href="/jobs">Voir les jobs étudiants</a>');
  });

  it.each([
    ['fr', `${ORIGIN}/jobs#join`, 'Scannez pour postuler', 'Code QR pour postuler au comité\u00a0: ', 'Postuler au comité'],
    ['en', `${ORIGIN}/en/jobs#join`, 'Scan to apply', 'QR code to apply to the committee: ', 'Apply to the committee'],
  ] as const)(
    'draws a QR code (%s) that scans to the committee application on the jobs page, and prints and links that address',
    async (locale, url, heading, label, cta) => {
      const { html } = await recruit(locale);
      expect(text(html)).toContain(`${heading} `);
      expect(html).toMatch(new RegExp(`<svg role="img" aria-label="${label}${url}"`));
      expect(scanQr(html)).toBe(url);
      expect(html).toContain(`<p class="recruit-url"><a href="${url}">${url.replace('https://', '')}</a></p>`);
      // There, in the poster's language: who may apply and the button that writes the application.
      const { pathname, hash } = new URL(url);
      const jobs = await getAs(locale, pathname);
      expect(jobs.status).toBe(200);
      const section = new RegExp(`<section id="${hash.slice(1)}"[^>]*>.*?</section>`, 's').exec(await jobs.text())?.[0] ?? '';
      expect(section).toMatch(new RegExp(`<a class="button" href="mailto:contact@jeepfl\\.ch\\?subject=[^"]+">${cta}</a>`));
    },
  );

  it('prints the same QR code during a session and between two: a poster outlives the day it was printed', async () => {
    for (const at of ['2026-09-10T09:00:00Z', '2026-11-20T09:00:00Z', '2027-02-01T09:00:00Z']) {
      expect(scanQr((await recruitAt(at, 'fr')).html), at).toBe(`${ORIGIN}/jobs#join`);
    }
  });
});
