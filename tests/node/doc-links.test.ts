import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The docs point at each other, and the code, the workflows and the messages
 * a maintainer reads point at the docs (`docs/deploy.md, "The admin
 * routes"`, `docs/operations.md, step 13`…). A section that is renamed or
 * moved leaves those pointers dangling: this test finds them.
 */
const root = path.resolve(import.meta.dirname, '../..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');
const markdown = [
  'README.md',
  ...readdirSync(path.join(root, 'docs'), { recursive: true, encoding: 'utf8' }).map((f) => `docs/${f}`),
].filter((f) => f.endsWith('.md'));

/** A page's headings, outside code blocks, with the anchors GitHub gives them (a repeated one gets -1, -2…). */
function headings(file: string) {
  const titles: string[] = [];
  let fenced = false;
  for (const line of read(file).split('\n')) {
    if (/^\s*```/.test(line)) fenced = !fenced;
    const m = !fenced && /^#{1,6} (.+)$/.exec(line);
    if (m) titles.push(m[1]!.trim());
  }
  const seen = new Map<string, number>();
  const anchors = titles.map((title) => {
    const slug = title
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\p{M} _-]/gu, '')
      .replace(/ /g, '-');
    const n = seen.get(slug) ?? 0;
    seen.set(slug, n + 1);
    return n === 0 ? slug : `${slug}-${n}`;
  });
  return { titles, anchors };
}

describe('links between the docs', () => {
  it.each(markdown)('%s: every link to a page of the repository finds the page and its section', (file) => {
    const broken: string[] = [];
    for (const [, target] of read(file).matchAll(/\]\(([^)\s]+)\)/g)) {
      if (/^[a-z]+:/i.test(target!)) continue;
      const [pathPart, anchor] = target!.split('#') as [string, string | undefined];
      const page = pathPart === '' ? file : path.posix.normalize(path.posix.join(path.posix.dirname(file), pathPart));
      if (!existsSync(path.join(root, page))) {
        broken.push(`${target}: no file ${page}`);
        continue;
      }
      if (anchor && page.endsWith('.md') && !headings(page).anchors.includes(anchor))
        broken.push(`${target}: no section #${anchor} in ${page}`);
    }
    expect(broken).toEqual([]);
  });
});

describe('pointers to the docs from the code, the workflows and the configuration', () => {
  const sources = [
    ...['scripts', 'worker', 'client', 'tests', '.github/workflows', '.ci'].flatMap((dir) =>
      readdirSync(path.join(root, dir), { recursive: true, encoding: 'utf8' })
        .filter((f) => /\.(m?js|tsx?|ya?ml|json)$|^run$/.test(path.basename(f)) || dir === '.ci')
        .map((f) => `${dir}/${f}`),
    ),
    'wrangler.toml',
    'renovate.json',
    '.dev.vars.example',
    ...markdown,
  ].filter((f) => f !== 'tests/node/doc-links.test.ts' && existsSync(path.join(root, f)) && !f.includes('node_modules'));

  it('every `docs/<page>.md, "Section"` and `…, step N` names a section that exists', () => {
    const broken: string[] = [];
    for (const file of sources) {
      const text = read(file);
      for (const m of text.matchAll(
        /(?:docs\/)?(deploy|operations|content|forms|development|architecture|performance)\.md,? (?:"([^"\n]+)"|'([^'\n]+)'|step (\d+(?:\.\d+)?))/g,
      )) {
        const page = `docs/${m[1]}.md`;
        const { titles } = headings(page);
        const section = m[2] ?? m[3];
        const found = section
          ? titles.some((t) => t.replace(/`/g, '').toLowerCase().startsWith(section.replace(/`/g, '').toLowerCase()))
          : titles.some((t) => t.startsWith(`Step ${m[4]}.`) || t.startsWith(`${m[4]} `));
        if (!found) broken.push(`${file}: ${m[0]}`);
      }
    }
    expect(broken).toEqual([]);
  });
});
