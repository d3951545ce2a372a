import { describe, expect, it } from 'vitest';
import { SENT_RETENTION_DAYS } from '../../worker/forms/outbox';
import { get, getAs } from './helpers';

/** Details a visitor trips on: counts in words, the icon a browser asks for, links that stay on https. */
describe('page details a visitor trips on: counts in words, the favicon, links that stay on https', () => {
  it.each([
    ['fr', '/portfolio', '11 projets'],
    ['fr', '/portfolio?category=digital', '3 projets'],
    ['fr', '/portfolio?category=design', '1 projet'],
    ['en', '/en/portfolio', '11 projects'],
    ['en', '/en/portfolio?category=economy', '3 projects'],
    ['en', '/en/portfolio?category=translation', '1 project'],
  ] as const)('%s %s counts its projects in words: "%s"', async (locale, path, count) => {
    const html = await (await getAs(locale, path)).text();
    expect(html).toContain(`<p class="sr-only" role="status">${count}</p>`);
    expect(html).not.toMatch(/projec?t\(s\)/);
  });

  it("answers /favicon.ico with the site's icon, not the 404 page", async () => {
    const res = await get('/favicon.ico');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^image\/(x-icon|vnd\.microsoft\.icon)$/);
    const bytes = new Uint8Array(await res.arrayBuffer());
    // An ICO file: reserved 0, type 1 (icon), then the number of images.
    expect([...bytes.slice(0, 4)]).toEqual([0, 0, 1, 0]);
    expect(bytes[4]).toBeGreaterThan(0);
  });

  it.each([
    ['fr', '/privacy'],
    ['en', '/en/privacy'],
  ] as const)('%s: the privacy page links the federal data protection authority over https', async (locale, path) => {
    const html = await (await getAs(locale, path)).text();
    expect(html).toContain('href="https://www.edoeb.admin.ch"');
    expect(html).not.toContain('http://www.edoeb.admin.ch');
  });

  it.each([
    [
      'fr',
      '/privacy',
      [
        `reste ${SENT_RETENTION_DAYS} jours dans la file d’envoi`,
        'jusqu’à ce qu’un membre de notre équipe l’ait renvoyée ou supprimée',
        'Seuls les membres de l’association responsables du site peuvent consulter la file d’envoi',
        'ne contiennent jamais votre nom, votre message ni vos coordonnées',
      ],
    ],
    [
      'en',
      '/en/privacy',
      [
        `stays in the outbox for ${SENT_RETENTION_DAYS} days`,
        'until a member of our team has sent it again or deleted it',
        'Only the members of the association in charge of the website can read the outbox',
        'never contain your name, your message or your contact details',
      ],
    ],
  ] as const)('%s: the privacy page says what the outbox keeps, for how long, and who reads it', async (locale, path, sentences) => {
    const html = await (await getAs(locale, path)).text();
    for (const sentence of sentences) expect(html).toContain(sentence);
  });
});
