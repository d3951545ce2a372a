import { describe, expect, it } from 'vitest';
import { SIGNATURE_FIELD_MAX, SIGNATURE_STYLES, signature } from '../../client/signature';

const org = {
  fullName: 'Junior Entreprise EPFL',
  address: 'JE EPFL, EPFL, 1015 Lausanne',
  website: 'https://jeepfl.ch',
  logoAlt: 'JE EPFL logo',
};
const full = { name: 'Camille Martin', role: 'Cheffe de projet', phone: '+41 79 000 00 00', email: 'camille.martin@example.org' };

describe('signature()', () => {
  it('writes one line per item in the text form', () => {
    expect(signature(full, org).text).toBe(
      'Camille Martin\nCheffe de projet, Junior Entreprise EPFL\n+41 79 000 00 00\ncamille.martin@example.org\nJE EPFL, EPFL, 1015 Lausanne\nhttps://jeepfl.ch',
    );
  });

  it('leaves empty fields out cleanly: no empty line, no dangling comma, no empty link', () => {
    const { text, html } = signature({ name: '  ', role: '', phone: '', email: '' }, org);
    expect(text).toBe('Junior Entreprise EPFL\nJE EPFL, EPFL, 1015 Lausanne\nhttps://jeepfl.ch');
    expect(html).not.toContain('<strong');
    expect(html).not.toContain('<br><br>');
    expect(html).not.toMatch(/<td[^>]*><br>|<br><\/td>/);
    expect(html).not.toContain('tel:');
    expect(html).not.toContain('mailto:');
  });

  it('builds a table with inline styles only, linking the phone, the address and the website', () => {
    const { html } = signature(full, org);
    expect(html).toMatch(
      /^<table cellpadding="0" cellspacing="0" border="0" role="presentation" style="[^"]+"><tbody><tr><td style="[^"]+"><img [^>]+><\/td><td style="[^"]+">/,
    );
    expect(html).not.toContain('class=');
    expect(html).toContain(`<strong style="${SIGNATURE_STYLES.name}">Camille Martin</strong>`);
    expect(html).toContain(`<a href="tel:+41790000000" style="${SIGNATURE_STYLES.contact}">+41 79 000 00 00</a>`);
    expect(html).toContain(
      `<a href="mailto:camille.martin@example.org" style="${SIGNATURE_STYLES.contact}">camille.martin@example.org</a>`,
    );
    expect(html).toContain(`<a href="https://jeepfl.ch" style="${SIGNATURE_STYLES.website}">jeepfl.ch</a>`);
  });

  it('shows the logo as a sized PNG from the site itself, with its text for mail clients that block images', () => {
    for (const website of ['https://jeepfl.ch', 'https://jeepfl.ch/']) {
      expect(signature(full, { ...org, website }).html).toContain(
        `<td style="${SIGNATURE_STYLES.logoCell}"><img src="https://jeepfl.ch/images/email/logo.png" width="64" height="64" alt="JE EPFL logo" style="${SIGNATURE_STYLES.logo}"></td>`,
      );
    }
    // Also when nothing is filled in.
    expect(signature({ name: '', role: '', phone: '', email: '' }, org).html).toContain(
      '<img src="https://jeepfl.ch/images/email/logo.png"',
    );
  });

  it('writes a Swiss number in the Swiss form and links it in E.164, in the rich and the text form alike', () => {
    for (const phone of ['079 123 45 67', '0791234567', '+41 79 123 45 67', '0041791234567']) {
      const { html, text } = signature({ ...full, phone }, org);
      expect(html).toContain(`<a href="tel:+41791234567" style="${SIGNATURE_STYLES.contact}">+41 79 123 45 67</a>`);
      expect(text.split('\n')[2]).toBe('+41 79 123 45 67');
    }
    const french = signature({ ...full, phone: '+33 6 12 34 56 78' }, org);
    expect(french.html).toContain(`<a href="tel:+33612345678" style="${SIGNATURE_STYLES.contact}">+33 6 12 34 56 78</a>`);
  });

  it('shows a number that cannot be called as typed, without a link', () => {
    const { html, text } = signature({ ...full, phone: '079 123 45' }, org);
    expect(html).not.toContain('tel:');
    expect(html).toContain('<br>079 123 45<br>');
    expect(text.split('\n')[2]).toBe('079 123 45');
  });

  it('escapes everything typed, in text and in attributes', () => {
    const { html } = signature(
      { name: '<img src=x onerror=alert(1)>', role: 'R&D "lead"', phone: '"><script>', email: 'a"onmouseover="x@example.org' },
      org,
    );
    // The logo is the only image; what was typed makes none.
    expect(html.match(/<img/g)).toHaveLength(1);
    expect(html).not.toMatch(/<img src=x|<script|"onmouseover|" onmouseover/);
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(html).toContain('R&amp;D &quot;lead&quot;, Junior Entreprise EPFL');
    expect(html).toContain('href="mailto:a&quot;onmouseover=&quot;x@example.org"');
  });

  it('bounds each field and folds line breaks, so a field stays on its line', () => {
    const { text } = signature({ ...full, name: `Camille\nMartin ${'x'.repeat(200)}` }, org);
    const first = text.split('\n')[0]!;
    expect(first.startsWith('Camille Martin x')).toBe(true);
    expect(first).toHaveLength(SIGNATURE_FIELD_MAX);
  });
});
