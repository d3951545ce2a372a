import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { control, hydrated, mails, open, PHONE, prefilledMail, screenshot, shownErrors, useBrowser, usePassingUpstreams } from './browser';

const browser = useBrowser();
usePassingUpstreams();

async function fillContact(page: Page, scope = page.locator('#contact-form')) {
  await scope.getByLabel('Prénom', { exact: true }).fill('Camille');
  await scope.getByLabel('Nom', { exact: true }).fill('Test');
  await scope.getByLabel('E-mail').fill('camille@example.org');
  await scope.getByLabel('Comment nous avez-vous connus ?').selectOption('events');
  await scope.getByLabel('Votre message').fill('Nous aimerions refaire notre site vitrine.');
}

describe('the contact form', () => {
  it('with JavaScript: checks on blur, shows the sending state, then the success screen, and goes home', async () => {
    const { page, context, problems } = await open(browser());
    const before = (await mails()).length;
    // The page's timers run on Playwright's clock: the 10 s countdown below is stepped through, not waited for.
    await page.clock.install();
    await page.goto('/contact');
    await hydrated(page, 'ContactForm');
    const form = page.locator('#contact-form');

    await form.getByLabel('E-mail').fill('camille@');
    await form.getByLabel('E-mail').blur();
    expect(await shownErrors(form).first().innerText()).toBe('Adresse e-mail incorrecte.');
    expect(await form.getByLabel('E-mail').getAttribute('aria-invalid')).toBe('true');

    await fillContact(page);
    expect(await shownErrors(form).count()).toBe(0);
    expect(await form.getByText('42 / 500 caractères').count()).toBe(1);
    expect(await form.getByText('Les données saisies sont traitées pendant la durée de la collaboration.').isVisible()).toBe(true);
    await form.locator('.fake-turnstile').waitFor();
    // The widget is rendered with the form's name as its action (siteverify gives it back to the Worker).
    expect(await form.locator('.fake-turnstile').getAttribute('data-action')).toBe('contact');
    expect(await form.locator('.form-alternative').count()).toBe(0);

    // Siteverify holds its answer until the sending state has been seen.
    await control({ holdVerify: true });
    await form.getByRole('button', { name: 'Envoyer' }).click();
    const sending = form.getByRole('button', { name: 'Envoi en cours…' });
    await sending.waitFor();
    expect(await sending.isDisabled()).toBe(true);
    await control({ holdVerify: false });

    const success = form.locator('.form-success');
    await success.getByText('Merci d’avoir validé le formulaire\u00a0!').waitFor();
    // Time stops here: from now on only runFor moves it. The page's clock runs on between the two
    // calls, so the pause is set a little ahead (far less than the countdown's first second).
    await page.clock.pauseAt(await page.evaluate(() => Date.now() + 100));
    expect(await success.innerText()).toContain('L’équipe des cheffes et chefs de projet vous contactera très prochainement.');
    expect(await success.innerText()).toContain('courrier indésirable');
    expect(await success.getByRole('link', { name: 'Retourner à la page d’accueil' }).getAttribute('href')).toBe('/');
    await screenshot(page, 'form-contact-success-fr');
    await expect.poll(async () => (await mails()).length).toBe(before + 2);

    // The countdown shows each second, and only its end goes home.
    const countdown = success.locator('.countdown');
    expect(await countdown.innerText()).toBe('Retour automatique à l’accueil dans 10 s.');
    for (let left = 9; left >= 1; left--) {
      await page.clock.runFor(1000);
      await expect.poll(() => countdown.innerText()).toBe(`Retour automatique à l’accueil dans ${left} s.`);
    }
    expect(new URL(page.url()).pathname).toBe('/contact');
    await page.clock.runFor(1000);
    await page.waitForURL((url) => url.pathname === '/');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('when siteverify is down: the generic notice, the input kept, the widget reset, and the prefilled e-mail', async () => {
    await control({ turnstile: 'down' });
    const { page, context } = await open(browser(), { viewport: PHONE });
    await page.goto('/en/contact');
    await hydrated(page, 'ContactForm');
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
    const mail = await prefilledMail(form);
    expect(mail).toMatchObject({ to: 'contact@jeepfl.ch', subject: 'Contact request – Alex Sample', text: 'Open the prefilled email' });
    expect(mail.body).toContain('A question about a project.');
    await screenshot(page, 'form-contact-failure-en-phone');
    await context.close();
  });

  it('without JavaScript: the form comes back with the captcha message, the input, and the same request as an e-mail', async () => {
    const { page, context } = await open(browser(), { javaScriptEnabled: false, viewport: PHONE });
    const before = (await mails()).length;
    await page.goto('/');
    const form = page.locator('#contact-form');
    await fillContact(page);
    await form.getByRole('button', { name: 'Envoyer' }).click();
    await page.waitForURL('**/api/contact');
    expect(await page.locator('html').getAttribute('lang')).toBe('fr');
    expect(await form.getByRole('alert').innerText()).toBe('Veuillez compléter la vérification anti-robot.');
    // The browser lands on the message, not on the top of the page.
    expect(await page.evaluate(() => document.activeElement?.className)).toBe('form-notice');
    expect(await form.getByLabel('Prénom', { exact: true }).inputValue()).toBe('Camille');
    expect(await form.getByLabel('Votre message').inputValue()).toBe('Nous aimerions refaire notre site vitrine.');

    const mail = await prefilledMail(form);
    expect(mail).toMatchObject({
      to: 'contact@jeepfl.ch',
      subject: 'Demande de contact – Camille Test',
      text: 'Ouvrir l’e-mail prérempli',
    });
    expect(mail.body).toContain('Nous aimerions refaire notre site vitrine.');
    expect(await form.locator('.form-alternative').innerText()).toContain('contact@jeepfl.ch');
    await screenshot(page, 'form-contact-nojs-fr-phone');

    // Nothing was sent: Turnstile never ran.
    expect((await mails()).length).toBe(before);
    await context.close();
  });

  it.each([
    ['the script is refused (a blocker, an outage)', 'down', 'fr'],
    ['the widget reports an error', 'widget-error', 'en'],
    ['the script never arrives', 'hang', 'fr'],
  ] as const)('when %s: the prefilled e-mail is offered before anything is sent', async (_, script, locale) => {
    await control({ script });
    const { page, context } = await open(browser());
    await page.clock.install();
    await page.goto(locale === 'fr' ? '/contact' : '/en/contact', { waitUntil: 'domcontentloaded' });
    await hydrated(page, 'ContactForm');
    const form = page.locator('#contact-form');
    // The check loads when the visitor starts on the form.
    await form.getByLabel(locale === 'fr' ? 'Prénom' : 'First name', { exact: true }).focus();
    if (script === 'hang') {
      expect(await form.locator('.form-alternative').count()).toBe(0);
      await page.clock.fastForward(11_000); // past the widget's time limit
    }
    const mail = await prefilledMail(form);
    expect(mail.subject).toBe(locale === 'fr' ? 'Demande de contact' : 'Contact request');
    expect(await form.locator('.form-alternative').innerText()).toContain(
      locale === 'fr' ? 'La vérification anti-robot ne peut pas se faire ici' : 'The anti-robot check cannot run here',
    );
    await context.close();
  });
});

describe('the anti-robot check', () => {
  it('loads nothing from Cloudflare until the visitor starts on the form, then renders the widget', async () => {
    const { page, context, problems, scripts } = await open(browser());
    await page.goto('/contact');
    await hydrated(page, 'ContactForm');
    // Everything the page loads by itself has arrived (no request for 500 ms): still no Turnstile.
    await page.waitForLoadState('networkidle');
    expect(scripts.filter((s) => s.includes('/turnstile/'))).toEqual([]);
    expect(await page.locator('.fake-turnstile').count()).toBe(0);

    await page.locator('#contact-form').getByLabel('Prénom', { exact: true }).focus();
    await page.locator('#contact-form .fake-turnstile').waitFor();
    expect(scripts.filter((s) => s.includes('/turnstile/'))).toHaveLength(1);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('a form sent before the check has answered waits for it, then says what to do when it never does', async () => {
    await control({ script: 'hang' });
    const { page, context } = await open(browser());
    await page.clock.install();
    await page.goto('/contact', { waitUntil: 'domcontentloaded' });
    await hydrated(page, 'ContactForm');
    const posts: string[] = [];
    page.on('request', (req) => {
      if (req.method() === 'POST' && new URL(req.url()).pathname === '/api/contact') posts.push(req.url());
    });
    const form = page.locator('#contact-form');
    await fillContact(page);
    await form.getByRole('button', { name: 'Envoyer' }).click();
    // Not "Captcha required" at once: the form is being sent, as soon as the check answers.
    const sending = form.getByRole('button', { name: 'Envoi en cours…' });
    await sending.waitFor();
    expect(await sending.isDisabled()).toBe(true);
    expect(await form.getByRole('alert').count()).toBe(0);

    await page.clock.fastForward(11_000); // past the widget's time limit
    await form.getByRole('alert').waitFor();
    expect(await form.getByRole('alert').innerText()).toBe('Veuillez compléter la vérification anti-robot.');
    expect(await form.getByRole('button', { name: 'Envoyer' }).isEnabled()).toBe(true);
    expect((await prefilledMail(form)).subject).toBe('Demande de contact – Camille Test');
    expect(posts).toEqual([]);
    await context.close();
  });
});
