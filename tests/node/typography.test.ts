import { describe, expect, it } from 'vitest';
import { frenchTypography } from '../../content/typography.ts';
// @ts-expect-error: a plain .mjs build script without types
import { renderMarkdown } from '../../scripts/content-markdown.mjs';

// French typography set by the build (content/typography.ts): editors type
// ordinary spaces and straight quotes, visitors read French print. ⍽ below is
// a no-break space (U+00A0), the one the interface's strings use.
const nb = (s: string) => s.replaceAll('⍽', '\u00a0');
const set = (s: string) => frenchTypography(s).replaceAll('\u00a0', '⍽');

describe('French typography of typed text', () => {
  it.each([
    ['Assemblée générale 2026 : un nouveau comité', 'Assemblée générale 2026⍽: un nouveau comité'],
    ['Qui sont les nouveaux membres ? Venez ; écrivez !', 'Qui sont les nouveaux membres⍽? Venez⍽; écrivez⍽!'],
    ['Intéressé? Écrivez-nous!', 'Intéressé⍽? Écrivez-nous⍽!'],
    ['Note: voir plus bas', 'Note⍽: voir plus bas'],
    ['Vraiment?!', 'Vraiment⍽?!'],
    ['95% des clients, 95 % des mandats', '95⍽% des clients, 95⍽% des mandats'],
    ["L'équipe d'aujourd'hui", 'L’équipe d’aujourd’hui'],
    ['Notre devise : "servir nos clients".', 'Notre devise⍽: «⍽servir nos clients⍽».'],
    ['Il a dit “oui” puis « non » et «peut-être»', 'Il a dit «⍽oui⍽» puis «⍽non⍽» et «⍽peut-être⍽»'],
    ['(voir ci-dessous) : suite', '(voir ci-dessous)⍽: suite'],
    ['Attendez...', 'Attendez…'],
    ['Des espaces  :  doublées', 'Des espaces⍽:  doublées'],
  ])('%j', (typed, printed) => {
    expect(set(typed)).toBe(printed);
  });

  it('leaves addresses, times, ratios, numbers and entities as typed', () => {
    for (const text of [
      'https://jeepfl.ch/a?b=c;d=e',
      'www.epfl.ch/fr',
      'contact@jeepfl.ch',
      'mailto:contact@jeepfl.ch?subject=x',
      'tel:+41210000000',
      'De 19:00 à 21:00, en 16:9',
      'CHF 0.18 par mot',
      'a&nbsp;b &amp; c &#8239;d',
    ])
      expect(frenchTypography(text), text).toBe(text);
    expect(set('Écrire à contact@jeepfl.ch ? Ou sur https://jeepfl.ch : merci')).toBe(
      'Écrire à contact@jeepfl.ch⍽? Ou sur https://jeepfl.ch⍽: merci',
    );
  });

  it('is idempotent: text typed with the right spaces, or set twice, is unchanged', () => {
    const printed = nb('«⍽Bienvenue⍽»⍽: l’équipe vous répond⍽! Qui⍽? 95⍽%');
    expect(frenchTypography(printed)).toBe(printed);
    const typed = 'Bonjour : "oui" ? 95% !';
    expect(frenchTypography(frenchTypography(typed))).toBe(frenchTypography(typed));
  });

  it('reads 32 KB of one character about as fast as 32 KB of prose (every step is linear)', () => {
    const size = 32_768;
    /** Median of five runs, in ms (at least 1: below that the clock, not the rule, makes the ratio). */
    const time = (text: string) => {
      const runs = Array.from({ length: 5 }, () => {
        const start = performance.now();
        frenchTypography(text);
        return performance.now() - start;
      }).sort((a, b) => a - b);
      return Math.max(runs[2]!, 1);
    };
    const prose = 'Le comité se réunit : qui vient ? '.repeat(size / 34);
    time(prose);
    // Linear rules stay within a few times prose (more replacements per character); a quadratic one is hundreds of times.
    for (const unit of ['a', ' ', ':', ' :', '"', "'", '«', ' »', 'a@', '1:', '&a', 'http://', '.'])
      expect(time(unit.repeat(size / unit.length)) / time(prose), JSON.stringify(unit)).toBeLessThan(20);
  });
});

describe('French typography of Markdown', () => {
  const body = [
    '## Pourquoi nous ?',
    '',
    'Notre devise : "**servir** nos clients". Écrivez-nous à [l\'adresse du site](https://jeepfl.ch/contact?x=1:2) !',
    '',
    '- un point : oui',
    '- `npm run build : ne change pas` et <span title="a : b">HTML : tel quel</span>',
    '',
    '```',
    "const x = 'a : b';",
    '```',
  ].join('\n');

  it('sets the text of a French body, never its code, addresses or tags', () => {
    const { html, headings } = renderMarkdown(body, 'fr') as { html: string; headings: { id: string; text: string }[] };
    const shown = html.replaceAll('\u00a0', '⍽');
    expect(shown).toContain('<h2 id="pourquoi-nous">Pourquoi nous⍽?</h2>');
    expect(headings).toEqual([{ id: 'pourquoi-nous', text: 'Pourquoi nous\u00a0?' }]);
    expect(shown).toContain(
      'Notre devise⍽: «⍽<strong>servir</strong> nos clients⍽». Écrivez-nous à <a href="https://jeepfl.ch/contact?x=1:2">l’adresse du site</a>⍽!',
    );
    expect(shown).toContain('<li>un point⍽: oui</li>');
    expect(shown).toContain('<code>npm run build : ne change pas</code>');
    // Text inside inline HTML is text; the tag and its attributes are left as typed.
    expect(shown).toContain('<span title="a : b">HTML⍽: tel quel</span>');
    expect(shown).toContain('const x = &#39;a : b&#39;;');
  });

  it('leaves an English body as typed', () => {
    const english = 'Why us? Our motto: "serve our clients". It\'s 95% done!';
    expect(renderMarkdown(english, 'en').html).toBe(`<p>${english.replaceAll('"', '&quot;').replaceAll("'", '&#39;')}</p>`);
  });
});
