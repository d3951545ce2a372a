import { describe, expect, it } from 'vitest';
import { SIGNATURE_FIELD_MAX, SIGNATURE_STYLES, signature } from '../../client/signature';

const org = { fullName: 'Junior Entreprise EPFL', address: 'JE EPFL, EPFL, 1015 Lausanne', website: 'https://jeepfl.ch' };
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
      /^<table cellpadding="0" cellspacing="0" border="0" role="presentation" style="[^"]+"><tbody><tr><td style="[^"]+">/,
    );
    expect(html).not.toContain('class=');
    expect(html).toContain(`<strong style="${SIGNATURE_STYLES.name}">Camille Martin</strong>`);
    expect(html).toContain(`<a href="tel:+41790000000" style="${SIGNATURE_STYLES.contact}">+41 79 000 00 00</a>`);
    expect(html).toContain(
      `<a href="mailto:camille.martin@example.org" style="${SIGNATURE_STYLES.contact}">camille.martin@example.org</a>`,
    );
    expect(html).toContain(`<a href="https://jeepfl.ch" style="${SIGNATURE_STYLES.website}">jeepfl.ch</a>`);
  });

  it('escapes everything typed, in text and in attributes', () => {
    const { html } = signature(
      { name: '<img src=x onerror=alert(1)>', role: 'R&D "lead"', phone: '"><script>', email: 'a"onmouseover="x@example.org' },
      org,
    );
    expect(html).not.toMatch(/<img|<script|"onmouseover|" onmouseover/);
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
