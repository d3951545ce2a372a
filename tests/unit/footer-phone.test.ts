import { createElement } from 'react';
import { renderToReadableStream } from 'react-dom/server.edge';
import { describe, expect, it } from 'vitest';
import { SiteFooter } from '../../client/components/layout/SiteFooter';
import { type PageConfig, PageContext, type PageContextValue } from '../../client/components/page-context';
import { createTranslator } from '../../client/i18n';
import contact from '../../client/pages/contact';
import manifest from '../../dist/manifest.json';

const base: PageConfig = {
  ENVIRONMENT: 'test',
  SITE_URL: 'https://jeepfl.ch',
  TURNSTILE_SITE_KEY: 'k',
  TURNSTILE_SCRIPT_URL: 'https://challenges.cloudflare.com/turnstile/v0/api.js',
};

async function render(node: React.ReactElement, config: PageConfig) {
  const value: PageContextValue = {
    locale: 'fr',
    t: createTranslator('fr'),
    config,
    today: '2026-11-26',
    route: 'contact',
    listing: null,
    path: '/contact',
    assets: manifest,
    forms: {},
  };
  const stream = await renderToReadableStream(createElement(PageContext.Provider, { value }, node));
  await stream.allReady;
  return new Response(stream).text();
}

describe('the phone number comes from configuration only', () => {
  it('is shown in the footer and on the contact page when CONTACT_PHONE is set', async () => {
    const config = { ...base, CONTACT_PHONE: '+41 21 000 00 00' };
    expect(await render(createElement(SiteFooter), config)).toContain('<a href="tel:+41210000000">');
    expect(await render(createElement(contact.Component, { data: {} }), config)).toContain('+41 21 000 00 00');
  });

  it('is written in the Swiss international form and linked in E.164, however it was configured', async () => {
    const config = { ...base, CONTACT_PHONE: '021 693 00 00' };
    const footer = await render(createElement(SiteFooter), config);
    expect(footer).toContain('<a href="tel:+41216930000">');
    expect(footer).toContain('+41 21 693 00 00');
    expect(await render(createElement(contact.Component, { data: {} }), config)).toContain(
      '<a href="tel:+41216930000">+41 21 693 00 00</a>',
    );
  });

  it('is left out, with its label, when it is not', async () => {
    const footer = await render(createElement(SiteFooter), base);
    expect(footer).not.toContain('tel:');
    expect(footer).not.toContain('Téléphone');
    expect(await render(createElement(contact.Component, { data: {} }), base)).not.toContain('tel:');
  });
});
