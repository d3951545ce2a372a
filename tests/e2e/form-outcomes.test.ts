import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DESKTOP, hydrated, open, PHONE, prefilledMail, runSeconds, screenshot, spaces, useBrowser, usePassingUpstreams } from './browser';

/** What a visitor sees once a form has been sent, or could not be. */
const browser = useBrowser();
usePassingUpstreams();

async function fillContact(page: Page) {
  const form = page.locator('#contact-form');
  await form.getByLabel('First name', { exact: true }).fill('Alex');
  await form.getByLabel('Last name', { exact: true }).fill('Sample');
  await form.getByLabel('Email').fill('alex@example.org');
  await form.getByLabel('How did you hear about us?').selectOption('events');
  await form.getByLabel('Your message').fill('We would like a new website.');
  await form.locator('.fake-turnstile').waitFor();
  return form;
}

describe('the success screen after a post without JavaScript', () => {
  it('with JavaScript on, "Stay on this page" stops the return home: the refresh is for visitors without JavaScript only', async () => {
    const { page, context, problems } = await open(browser());
    await page.clock.install();
    await page.goto('/en/contact?sent=contact#contact-form');
    await hydrated(page, 'ContactForm');
    // With scripting on, <noscript> is text: no refresh exists in the page.
    expect(await page.evaluate(() => document.querySelectorAll('meta[http-equiv="refresh"]').length)).toBe(0);
    await page.getByRole('button', { name: 'Stay on this page' }).click();
    await runSeconds(page, 15_000);
    expect(new URL(page.url()).pathname).toBe('/en/contact');
    expect(await page.locator('.form-success .countdown').count()).toBe(0);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('without JavaScript, the browser reads the 10 s refresh home from <noscript> as a real meta element, and no "stay" button is offered', async () => {
    const { page, context } = await open(browser(), { javaScriptEnabled: false });
    await page.goto('/contact?sent=contact#contact-form');
    expect(await page.locator('meta[http-equiv="refresh"]').getAttribute('content')).toBe('10;url=/');
    // Nothing stops that refresh without JavaScript: the island's "stay" button is in the HTML, hidden (scripting: none).
    const success = page.locator('#contact-form .form-success');
    expect(await success.locator('.form-stay').count()).toBe(1);
    expect(await success.locator('.form-stay').isVisible()).toBe(false);
    expect(await success.getByRole('link', { name: 'Retourner à la page d’accueil' }).isVisible()).toBe(true);
    expect(await success.locator('.countdown').innerText()).toBe('Retour automatique à l’accueil dans 10 s.');
    await context.close();
  });
});

describe('after a JavaScript submission', () => {
  it.each([
    ['phone', '/en/contact'],
    ['desktop', '/en/contact'],
    ['phone', '/en'],
    ['desktop', '/en'],
  ] as const)('the success heading lands below the sticky header, on a %s at %s', async (device, path) => {
    const { page, context } = await open(browser(), { viewport: device === 'phone' ? PHONE : DESKTOP });
    await page.goto(path);
    await hydrated(page, 'ContactForm');
    const form = await fillContact(page);
    await form.getByRole('button', { name: 'Send' }).click();
    const heading = form.locator('.form-success h3');
    await heading.waitFor();
    await expect
      .poll(() =>
        page.evaluate(() => {
          const header = document.querySelector('.site-header')!.getBoundingClientRect();
          const title = document.querySelector('.form-success h3')!.getBoundingClientRect();
          return title.top >= header.bottom && title.bottom <= window.innerHeight;
        }),
      )
      .toBe(true);
    expect(await page.evaluate(() => document.activeElement?.className)).toBe('form-success');
    await screenshot(page, `form-contact-success-en-${device}${path === '/en' ? '-home' : ''}`);
    await context.close();
  });
});

describe('when the request cannot be sent', () => {
  it.each([
    ['the network fails', 'abort'],
    ['the server fails', '500'],
  ] as const)('%s: the prefilled e-mail says the request could not be sent', async (_, how) => {
    const { page, context } = await open(browser());
    await page.route('**/api/contact', (route) =>
      how === 'abort' ? route.abort('connectionreset') : route.fulfill({ status: 500, body: 'boom' }),
    );
    await page.goto('/en/contact');
    await hydrated(page, 'ContactForm');
    const form = await fillContact(page);
    await form.getByRole('button', { name: 'Send' }).click();
    await form.locator('.form-alternative').waitFor();
    const lead = await form.locator('.form-alternative p').first().innerText();
    expect(lead).toBe(
      'Your request could not be sent. Here it is as an email instead: the button below opens an email with what you typed in the form, ready to send.',
    );
    expect((await prefilledMail(form)).body).toContain('We would like a new website.');
    await screenshot(page, `form-contact-${how === 'abort' ? 'network' : 'server'}-failure-en`);
    await context.close();
  });
});

describe('the pricer', () => {
  it('reads a count written the Swiss way, and says "on request" when only another language is chosen', async () => {
    const { page, context } = await open(browser());
    await page.goto('/services/translation');
    await hydrated(page, 'EstimateForm');
    const form = page.locator('#estimate-form');
    const live = form.locator('.estimate-live');
    await form.getByLabel('Nombre de mots').fill("2'000");
    await form.getByLabel('Langue source').selectOption('fr');
    await form.getByRole('checkbox', { name: 'Anglais' }).check();
    await expect.poll(async () => spaces(await live.locator('.estimate-amount').innerText())).toBe('Estimation : 360.00 CHF');
    await form.getByLabel('Nombre de mots').blur();
    expect(await form.locator('.field-error:not(:empty)').count()).toBe(0);

    await form.getByRole('checkbox', { name: 'Anglais' }).uncheck();
    await form.getByRole('checkbox', { name: 'Autre langue' }).check();
    await form.getByLabel('Votre e-mail').fill('client@example.org');
    await form.locator('.fake-turnstile').waitFor();
    await form.getByRole('button', { name: 'Recevoir l’estimation par e-mail' }).click();
    const success = form.locator('.form-success');
    await success.waitFor();
    expect(spaces(await success.locator('.estimate-amount').innerText())).toBe('Estimation : sur devis');
    await screenshot(page, 'form-estimate-on-request-fr');
    await context.close();
  });
});
