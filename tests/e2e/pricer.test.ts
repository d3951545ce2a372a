import { describe, expect, it } from 'vitest';
import { hydrated, mails, open, prefilledMail, screenshot, spaces, useBrowser, usePassingUpstreams } from './browser';

const browser = useBrowser();
usePassingUpstreams();

describe('the translation pricer', () => {
  it('shows the estimate live, explains its errors, and e-mails the estimate', async () => {
    const { page, context, problems } = await open(browser());
    const before = (await mails()).length;
    await page.goto('/en/services/translation');
    await hydrated(page, 'EstimateForm');
    const form = page.locator('#estimate-form');
    const live = form.locator('.estimate-live');
    expect(await live.innerText()).toContain(
      'Enter the number of words, the source language and at least one target language to see the estimate.',
    );
    expect(await form.getByText('A review of an existing translation').isVisible()).toBe(true);

    await form.getByLabel('Number of words').fill('1000');
    await form.getByLabel('Source language').selectOption('fr');
    await form.getByRole('checkbox', { name: 'English' }).check();
    await expect.poll(async () => spaces(await live.locator('.estimate-amount').innerText())).toBe('Estimate: 180.00 CHF');
    await form.getByRole('checkbox', { name: 'German' }).check();
    await expect.poll(async () => spaces(await live.locator('.estimate-amount').innerText())).toBe('Estimate: 360.00 CHF');

    // The source language among the targets is refused, with the form's own message, at once and on sending.
    await form.getByLabel('Source language', { exact: true }).selectOption('en');
    await form.getByText('Please deselect the source language in the list of destination languages').waitFor();
    expect(await live.locator('.estimate-amount').count()).toBe(0);
    await form.getByLabel('Your email').fill('client@example.org');
    await form.getByRole('button', { name: 'Email me the estimate' }).click();
    expect(await form.getByRole('alert').innerText()).toBe('Invalid form. Please check that all fields are correct');
    expect(
      await form
        .getByText(
          'The source language and a destination language are identical. Please deselect the source language in the list of destination languages',
        )
        .count(),
    ).toBe(1);
    await form.getByLabel('Source language', { exact: true }).selectOption('fr');

    await form.locator('.fake-turnstile').waitFor();
    expect(await form.locator('.fake-turnstile').getAttribute('data-action')).toBe('estimate');
    await form.getByRole('button', { name: 'Email me the estimate' }).click();
    const success = form.locator('.form-success');
    await success.getByText('Thank you for your message!').waitFor();
    expect(spaces(await success.innerText())).toContain('Estimate: 360.00 CHF');
    await screenshot(page, 'form-estimate-success-en');
    await expect.poll(async () => (await mails()).map((m) => m.subject)).toContain('Your translation price estimate');
    expect((await mails()).length).toBe(before + 2);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('an error appearing on blur does not move the button the visitor is pressing', async () => {
    const { page, context } = await open(browser());
    await page.goto('/services/translation');
    await hydrated(page, 'EstimateForm');
    const form = page.locator('#estimate-form');
    await form.getByLabel('Langue source').selectOption('de');
    await form.getByRole('checkbox', { name: 'Français' }).check();
    // Invalid values in fields that check themselves on blur, focus still in the last one.
    await form.getByLabel('Nombre de mots').fill('1e3');
    await form.getByLabel('Votre e-mail').fill('client@');
    const button = form.getByRole('button', { name: 'Recevoir l’estimation par e-mail' });
    // Measure once nothing moves by itself any more: the web font swaps in after the first paint, and once
    // the page has settled, scrolling is smooth, so the scroll into view below is an animation.
    await page.waitForFunction(() => document.documentElement.classList.contains('webfont'));
    await button.scrollIntoViewIfNeeded();
    let before = (await button.boundingBox())!;
    for (let still = 0; still < 3; ) {
      await page.evaluate(() => new Promise(requestAnimationFrame));
      const now = (await button.boundingBox())!;
      still = now.y === before.y ? still + 1 : 0;
      before = now;
    }
    await page.mouse.move(before.x + before.width / 2, before.y + before.height / 2);
    await page.mouse.down(); // the field loses focus here
    expect(await button.boundingBox()).toEqual(before);
    await page.mouse.up();
    // The click landed: the form was checked as a whole.
    await form.getByRole('alert').waitFor();
    expect(await form.getByRole('alert').innerText()).toBe('Formulaire invalide. Veuillez vérifier que tous les champs sont corrects.');
    expect(await form.getByText('Veuillez saisir une adresse e-mail valable.').count()).toBe(1);
    expect(await form.getByText("Indiquez le nombre de mots en chiffres, par exemple 1200 ou 1'200.").count()).toBe(1);
    await context.close();
  });

  it('points to the contact form, already started, for proofreading in one language', async () => {
    const { page, context } = await open(browser());
    await page.goto('/services/translation');
    await page.locator('#estimate-form').getByRole('link', { name: 'Demandez-le-nous par le formulaire de contact.' }).click();
    await page.waitForURL('**/contact?topic=proofreading#contact-form');
    expect(await page.locator('#contact-form').getByLabel('Votre message').inputValue()).toContain(
      'faire relire un texte dans sa langue d’origine',
    );
    await context.close();
  });

  it('without JavaScript: the plain form posts and comes back with its errors, values and the prefilled e-mail', async () => {
    const { page, context } = await open(browser(), { javaScriptEnabled: false });
    await page.goto('/services/translation');
    const form = page.locator('#estimate-form');
    await form.getByLabel('Nombre de mots').fill('250');
    await form.getByLabel('Langue source').selectOption('de');
    await form.getByRole('checkbox', { name: 'Français' }).check();
    await form.getByLabel('Votre e-mail').fill('client@example.org');
    await form.getByRole('button', { name: 'Recevoir l’estimation par e-mail' }).click();
    await page.waitForURL('**/api/translation-estimate');
    expect(await form.getByRole('alert').innerText()).toBe('Veuillez compléter la vérification anti-robot.');
    expect(await form.getByLabel('Nombre de mots').inputValue()).toBe('250');
    expect(await form.getByRole('checkbox', { name: 'Français' }).isChecked()).toBe(true);
    // The live estimate, rendered by the server in the Swiss format.
    expect(spaces(await form.locator('.estimate-amount').innerText())).toBe('Estimation : 60.00 CHF');
    const mail = await prefilledMail(form);
    expect(mail.subject).toBe('Demande d’estimation de traduction');
    expect(spaces(mail.body!)).toContain('Nombre de mots : 250');
    expect(spaces(mail.body!)).toContain('Langues cibles : Français');
    await screenshot(page, 'form-estimate-nojs-fr');
    await context.close();
  });
});
