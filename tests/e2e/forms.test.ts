import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it, inject } from 'vitest';
import { launch, open, PHONE, screenshot } from './browser';

let browser: Browser;
/** Currency formats use non-breaking spaces. */
const spaces = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');
const upstream = () => inject('upstreamURL');
const control = (state: Record<string, unknown>) =>
  fetch(`${upstream()}/control`, { method: 'POST', body: JSON.stringify(state) });
const mails = async () => (await (await fetch(`${upstream()}/mails`)).json()) as { subject: string; personalizations: { to: { email: string }[] }[] }[];

beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});
beforeEach(async () => {
  await control({ turnstile: 'pass', mailStatus: 202, verifyDelayMs: 400 });
});

async function fillContact(page: Page, scope = page.locator('#contact-form')) {
  await scope.getByLabel('Prénom', { exact: true }).fill('Camille');
  await scope.getByLabel('Nom', { exact: true }).fill('Test');
  await scope.getByLabel('E-mail').fill('camille@example.org');
  await scope.getByLabel('Comment nous avez-vous connus ?').selectOption('events');
  await scope.getByLabel('Votre message').fill('Nous aimerions refaire notre site vitrine.');
}

describe('the contact form', () => {
  it('with JavaScript: checks on blur, shows the sending state, then the success screen, and goes home', async () => {
    const { page, context, problems } = await open(browser);
    const before = (await mails()).length;
    await page.goto('/contact');
    await page.locator('[data-island="ContactForm"][data-hydrated="true"]').waitFor();
    const form = page.locator('#contact-form');

    await form.getByLabel('E-mail').fill('camille@');
    await form.getByLabel('E-mail').blur();
    expect(await form.locator('.field-error').first().innerText()).toBe('Adresse e-mail incorrecte.');
    expect(await form.getByLabel('E-mail').getAttribute('aria-invalid')).toBe('true');

    await fillContact(page);
    expect(await form.locator('.field-error').count()).toBe(0);
    expect(await form.getByText('42 / 500 caractères').count()).toBe(1);
    expect(await form.getByText('Les données saisies sont traitées pendant la durée de la collaboration.').isVisible()).toBe(true);
    await form.locator('.fake-turnstile').waitFor();

    await form.getByRole('button', { name: 'Envoyer' }).click();
    const sending = form.getByRole('button', { name: 'Envoi en cours…' });
    await sending.waitFor();
    expect(await sending.isDisabled()).toBe(true);

    const success = form.locator('.form-success');
    await success.getByText("Merci d'avoir validé le formulaire!").waitFor();
    expect(await success.innerText()).toContain('L’équipe des chefs de projet vous contactera très prochainement.');
    expect(await success.innerText()).toContain('courrier indésirable');
    expect(await success.getByRole('link', { name: "Retourner à la page d'accueil" }).getAttribute('href')).toBe('/');
    await screenshot(page, 'form-contact-success-fr');
    await expect.poll(async () => (await mails()).length, { timeout: 5000 }).toBe(before + 2);

    // The countdown ends at home.
    await page.waitForURL((url) => url.pathname === '/', { timeout: 15_000 });
    expect(problems).toEqual([]);
    await context.close();
  });

  it('on failure: the generic notice with the contact address, the input kept, the widget reset', async () => {
    await control({ turnstile: 'down', verifyDelayMs: 0 });
    const { page, context } = await open(browser, { viewport: PHONE });
    await page.goto('/en/contact');
    await page.locator('[data-island="ContactForm"][data-hydrated="true"]').waitFor();
    const form = page.locator('#contact-form');
    await form.getByLabel('First name').fill('Alex');
    await form.getByLabel('Last name').fill('Sample');
    await form.getByLabel('Email').fill('alex@example.org');
    await form.getByLabel('How did you hear about us?').selectOption('call');
    await form.getByLabel('Your message').fill('A question about a project.');
    await form.locator('.fake-turnstile').waitFor();
    await form.getByRole('button', { name: 'Send' }).click();
    const alert = form.getByRole('alert');
    await alert.waitFor();
    expect(await alert.innerText()).toBe(
      'An error occurred while submitting the form, please try again. If the issue persists, please contact us directly at contact@jeepfl.ch.',
    );
    expect(await form.getByLabel('First name').inputValue()).toBe('Alex');
    expect(await form.getByLabel('Your message').inputValue()).toBe('A question about a project.');
    expect(await form.locator('.fake-turnstile').getAttribute('data-resets')).toBe('1');
    await screenshot(page, 'form-contact-failure-en-phone');
    await context.close();
  });

  it('without JavaScript: posts to /api/contact and gets the form back with its errors and values', async () => {
    const { page, context } = await open(browser, { javaScriptEnabled: false });
    await page.goto('/');
    await fillContact(page);
    await page.locator('#contact-form').getByRole('button', { name: 'Envoyer' }).click();
    await page.waitForURL('**/api/contact');
    expect(await page.locator('html').getAttribute('lang')).toBe('fr');
    const form = page.locator('#contact-form');
    expect(await form.getByRole('alert').innerText()).toBe('Erreur dans le formulaire, veuillez réessayer.');
    // The anti-robot check needs JavaScript: the page says so and keeps what was typed.
    expect(await form.getByText('Veuillez compléter la vérification anti-robot.').count()).toBe(1);
    expect(await form.getByLabel('Prénom', { exact: true }).inputValue()).toBe('Camille');
    expect(await form.getByLabel('Votre message').inputValue()).toBe('Nous aimerions refaire notre site vitrine.');

    // Answering the anti-robot question sends it: the success screen, then home.
    const question = await form.getByText(/combien font \d \+ \d/).innerText();
    const [, a, b] = /(\d) \+ (\d)/.exec(question)!;
    await form.getByLabel(/combien font/).fill(String(Number(a) + Number(b)));
    const before = (await mails()).length;
    await form.getByRole('button', { name: 'Envoyer' }).click();
    await page.waitForURL((url) => url.pathname === '/' && url.search === '?sent=contact');
    expect(await page.locator('#contact-form .form-success').innerText()).toContain("Merci d'avoir validé le formulaire!");
    await expect.poll(async () => (await mails()).length, { timeout: 5000 }).toBe(before + 2);
    expect(await page.locator('meta[http-equiv="refresh"]').getAttribute('content')).toBe('10;url=/');
    await context.close();
  });
});

describe('the translation pricer', () => {
  it('shows the estimate live, explains its errors, and e-mails the estimate', async () => {
    const { page, context, problems } = await open(browser);
    const before = (await mails()).length;
    await page.goto('/en/services/translation');
    await page.locator('[data-island="TranslationEstimator"][data-hydrated="true"]').waitFor();
    const form = page.locator('#estimate-form');
    const live = form.locator('.estimate-live');
    expect(await live.innerText()).toContain('Enter the number of words and at least one target language');

    await form.getByLabel('Number of words').fill('1000');
    await form.getByLabel('Source language').selectOption('fr');
    await form.getByRole('checkbox', { name: 'English' }).check();
    await expect.poll(async () => spaces(await live.locator('.estimate-amount').innerText())).toBe('Estimate: CHF 180.00');
    await form.getByRole('checkbox', { name: 'German' }).check();
    await expect.poll(async () => spaces(await live.locator('.estimate-amount').innerText())).toBe('Estimate: CHF 360.00');

    // The source language among the targets is refused with the spec's message.
    await form.getByRole('checkbox', { name: 'French' }).check();
    await form.getByLabel('Your email').fill('client@example.org');
    await form.getByRole('button', { name: 'Email me the estimate' }).click();
    expect(await form.getByRole('alert').innerText()).toBe('Invalid form. Please check that all fields are correct');
    expect(await form.getByText('The source language and a destination language are identical. Please deselect the source language in the list of destination languages').count()).toBe(1);
    await form.getByRole('checkbox', { name: 'French' }).uncheck();

    await form.locator('.fake-turnstile').waitFor();
    await form.getByRole('button', { name: 'Email me the estimate' }).click();
    const success = form.locator('.form-success');
    await success.getByText('Thank you for your message!').waitFor();
    expect(spaces(await success.innerText())).toContain('Estimate: CHF 360.00');
    await screenshot(page, 'form-estimate-success-en');
    await expect.poll(async () => (await mails()).map((m) => m.subject), { timeout: 5000 }).toContain('Your translation price estimate');
    expect((await mails()).length).toBe(before + 2);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('without JavaScript: the plain form posts and comes back with its errors and values', async () => {
    const { page, context } = await open(browser, { javaScriptEnabled: false });
    await page.goto('/services/translation');
    const form = page.locator('#estimate-form');
    await form.getByLabel('Nombre de mots').fill('250');
    await form.getByLabel('Langue source').selectOption('de');
    await form.getByRole('checkbox', { name: 'Français' }).check();
    await form.getByLabel('Votre e-mail').fill('client@example.org');
    await form.getByRole('button', { name: 'Recevoir l’estimation par e-mail' }).click();
    await page.waitForURL('**/api/translation-estimate');
    expect(await form.getByRole('alert').innerText()).toBe('Formulaire invalide. Veuillez vérifier que tous les champs sont corrects.');
    expect(await form.getByLabel('Nombre de mots').inputValue()).toBe('250');
    expect(await form.getByRole('checkbox', { name: 'Français' }).isChecked()).toBe(true);
    await context.close();
  });
});
