import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SIGNATURE_STYLES } from '../../client/islands/signature';

// The copied signature carries its styles inline; the page's preview cannot (the CSP
// refuses style attributes) and takes them from classes. Both must look the same.
describe('the signature preview', () => {
  it('is styled as the copied HTML: tool-signature.css repeats SIGNATURE_STYLES, part by part', async () => {
    const css = await readFile(path.resolve(import.meta.dirname, '../../client/styles/tool-signature.css'), 'utf8');
    for (const [part, style] of Object.entries(SIGNATURE_STYLES)) {
      expect(css, part).toContain(`.signature-${part} { ${style}; }`);
    }
  });
});
