import { execFile } from 'node:child_process';
import { cp, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs build script without types
import { loadContent } from '../../scripts/content.mjs';
import { fixtureContentDir } from '../fixtures/fixtures';
import { problemsOf } from './content-problems';

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../..');
let work: string;

/** A copy of the fixtures to break, named `content` so that problems read `…/content/<file>`. */
async function copyOfContent(name: string) {
  const dir = path.join(work, name, 'content');
  await cp(fixtureContentDir, dir, { recursive: true });
  return dir;
}

async function edit(file: string, change: (text: string) => string) {
  await writeFile(file, change(await readFile(file, 'utf8')));
}

/** What a validator or a parser would say in its own words: never shown to an editor. */
const TOOL_WORDING =
  /Invalid input|expected (string|number|array|object)|received|Too (small|big)|Unrecognized key|Invalid (ISO|email|url)|Nested mappings|compact mappings|in JSON at position|Unexpected token|YAML|zod/i;

beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), 'content-test-'));
});
afterAll(() => rm(work, { recursive: true, force: true }));

describe('the content build', () => {
  it('accepts the fixtures', async () => {
    expect(await problemsOf(fixtureContentDir)).toEqual([]);
  });

  it('names the file, the line, the field and what to write instead, in plain words, for each mistake', async () => {
    const dir = await copyOfContent('broken');
    const at = path.relative(root, dir);
    await edit(path.join(dir, 'portfolio.json'), (t) => t.replace('"category": "engineering"', '"category": "cooking"'));
    await edit(path.join(dir, 'events.json'), (t) => t.replace(/"date": "2026-12-09"/, '"date": "2026-12-32"'));
    await edit(path.join(dir, 'news/bilan-2024.en.md'), (t) => t.replace(/^date: .*$/m, 'date: 2025-02-04'));
    for (const locale of ['fr', 'en'])
      await edit(path.join(dir, `news/bilan-2024.${locale}.md`), (t) => t.replace('news/lac-leman.jpg', 'news/missing.jpg'));
    await edit(path.join(dir, 'jobs/traducteur-allemand-francais.fr.md'), (t) => t.replace(/^title: .*\n/m, ''));
    await edit(path.join(dir, 'jobs/developpeur-web-site-vitrine.fr.md'), (t) => t.replace(/^published: .*$/m, 'published: 14.11.2026'));
    await edit(path.join(dir, 'galleries.json'), (t) => t.replace('galleries/awards.svg', 'galleries/missing.svg'));
    await edit(path.join(dir, 'services/design.fr.md'), (t) => t.replace('- founded', '- unknown-figure'));
    await edit(path.join(dir, 'faq.json'), (t) => t.replace(/\}\n\]\s*$/, '},\n]\n'));
    await edit(path.join(dir, 'team.json'), (t) =>
      t.replace('"members": []', '"members": ["Zoë Nguyễn", { "name": "Ayşe Yılmaz", "foto": "team/ayse.jpg" }]'),
    );
    await edit(path.join(dir, 'awards.json'), (t) => t.replace('"fr": "Mandat de l’année"', '"fr": ""'));
    await rm(path.join(dir, 'news/recrutement-automne-2026.en.md'));
    await writeFile(path.join(dir, 'testimonial.json'), '[]\n');
    await edit(path.join(dir, 'partners.json'), (t) => t.replace('"id": "unil"', '"id": "epfl"'));
    await edit(path.join(dir, 'testimonials.json'), (t) => t.replace('"id": "site-vitrine-pme"', '"id": "Site vitrine PME"'));

    const problems = await problemsOf(dir);
    const expected = [
      `${at}/portfolio.json:`,
      `${at}/events.json:`,
      `${at}/news/bilan-2024.en.md:3: date: is "2025-02-04" here and "2025-02-03" in bilan-2024.fr.md: it does not depend on the language, write the same in both files`,
      `${at}/news/bilan-2024.fr.md:5: image › file: ${at}/images/news/missing.jpg does not exist: put the file there, or correct the name in this line`,
      `${at}/jobs/traducteur-allemand-francais.fr.md:2: title: is missing: write it`,
      `${at}/jobs/developpeur-web-site-vitrine.fr.md:3: published: "14.11.2026" is not a date: write it as year-month-day, e.g. 2026-11-20`,
      `${at}/galleries.json:13: "awards" › image › file: ${at}/images/galleries/missing.svg does not exist`,
      `${at}/services/design.fr.md:`,
      `${at}/faq.json:`,
      `${at}/team.json:`,
      `${at}/awards.json:`,
      `${at}/news/recrutement-automne-2026.en.md: is missing: every entry is written in both languages`,
      `${at}/testimonial.json: the site reads no file or folder of this name`,
    ];
    for (const start of expected)
      expect(
        problems.some((p) => p.startsWith(start)),
        `${start}… in\n${problems.join('\n')}`,
      ).toBe(true);
    const one = (start: string) => problems.find((p) => p.startsWith(start));
    expect(one(`${at}/portfolio.json:`)).toMatch(
      /^[^:]+:\d+: "[a-z-]+" › category: "cooking" is not a category of the portfolio: write one of the five services, digital, engineering, translation, economy, design$/,
    );
    expect(one(`${at}/events.json:`)).toMatch(/:\d+: "[a-z0-9-]+" › date: "2026-12-32" is not a date: write it as year-month-day/);
    expect(one(`${at}/services/design.fr.md:`)).toMatch(/:\d+: figures › #\d: "unknown-figure" is not the id of a figure in .*site\.json/);
    expect(one(`${at}/faq.json:`)).toMatch(/:\d+: a comma after the last entry of a list: remove it$/);
    expect(one(`${at}/team.json:`)).toMatch(
      /:\d+: "vp-hr-marketing" › members › #2: "foto" is not a field here: remove it, or check the spelling \(the fields are: name, photo\)$/,
    );
    expect(one(`${at}/awards.json:`)).toMatch(/:\d+: "[a-z0-9-]+" › title › fr: is empty: write the text$/);
    expect(one(`${at}/partners.json:`)).toMatch(/:\d+: #2 › id: "epfl" is already the id of another entry: give each entry its own$/);
    expect(one(`${at}/testimonials.json:`)).toMatch(
      /:\d+: #1 › id: must be lower-case words joined by hyphens, without accents or spaces, e\.g\. "gala-2027"/,
    );
    expect(problems.filter((p) => TOOL_WORDING.test(p))).toEqual([]);
    // Each line points at the field: the line the problem names holds the field's name (a missing one: where it goes).
    for (const p of problems.filter((p) => !/is missing/.test(p))) {
      const m = /^(.+?):(\d+): (?:(.+?): )?/.exec(p);
      if (!m) continue;
      const line = (await readFile(path.join(root, m[1]!), 'utf8')).split('\n')[Number(m[2]) - 1]!;
      const key = m[3]?.split(' › ').at(-1)?.replace(/^"|"$/g, '');
      const value = /"([^"]+)"/.exec(p.slice(m[0].length))?.[1];
      expect([key, value].some((k) => k && line.includes(k.startsWith('#') ? (value ?? k) : k)) || /[{[,]/.test(line), p).toBe(true);
    }
  });

  it('holds every amount to the one way the site writes money, in JSON, front matter and Markdown alike, naming the line', async () => {
    const dir = await copyOfContent('money');
    const at = path.relative(root, dir);
    await edit(path.join(dir, 'site.json'), (t) => t.replace(`"en": "390'000 CHF"`, '"en": "CHF 390,000"'));
    await edit(path.join(dir, 'jobs/developpeur-web-site-vitrine.fr.md'), (t) =>
      t.replace(/^salary: .*$/m, 'salary: 30.- CHF de l’heure, CHF 240 par jour'),
    );
    await edit(path.join(dir, 'news/bilan-2024.en.md'), (t) => t.replace("reached 390'000 CHF", 'reached 390 000 CHF'));
    const problems = await problemsOf(dir);
    const lineOf = async (file: string, needle: string) =>
      (await readFile(path.join(dir, file), 'utf8')).split('\n').findIndex((l) => l.includes(needle)) + 1;
    const how = "write it the site's way, the amount then CHF, thousands grouped with ' (390'000 CHF, 2'160.00 CHF, 30 CHF)";
    expect(problems).toEqual(
      expect.arrayContaining([
        `${at}/site.json:${await lineOf('site.json', 'CHF 390,000')}: figures › #2 › value › en: has an amount "CHF 390,000": ${how}`,
        `${at}/jobs/developpeur-web-site-vitrine.fr.md:${await lineOf('jobs/developpeur-web-site-vitrine.fr.md', 'salary:')}: salary: has an amount "CHF 240": ${how}`,
        `${at}/news/bilan-2024.en.md:${await lineOf('news/bilan-2024.en.md', 'reached 390 000')}: has an amount "390 000 CHF": ${how}`,
      ]),
    );
    expect(problems).toHaveLength(3);
  });

  it('reads front matter typed as people type, and says what to do when it still cannot', async () => {
    const dir = await copyOfContent('front-matter');
    const at = path.relative(root, dir);
    // A colon, a hash and a quote inside a value: YAML would read another field, a comment, a quoted text.
    await edit(path.join(dir, 'news/bilan-2024.fr.md'), (t) =>
      t
        .replace(/^title: .*$/m, 'title: Assemblée générale 2026 : un nouveau comité')
        .replace(/^type: .*$/m, 'type: Sujet #1')
        .replace(/^summary: .*$/m, 'summary: "Servir" nos clients, notre devise'),
    );
    const { content } = await loadContent({ dir });
    const article = content.news.find((a: { id: string }) => a.id === 'bilan-2024');
    expect(article.title.fr).toBe('Assemblée générale 2026\u00a0: un nouveau comité');
    expect(article.type.fr).toBe('Sujet #1');
    expect(article.summary.fr).toBe('«\u00a0Servir\u00a0» nos clients, notre devise');

    await edit(path.join(dir, 'news/bilan-2024.fr.md'), (t) => t.replace(/^author: .*$/m, (a) => `${a}\nauthor: Comité`));
    await edit(path.join(dir, 'jobs/traducteur-allemand-francais.en.md'), (t) => t.replace(/^title: /m, '\ttitle: '));
    const problems = await problemsOf(dir);
    // The line of the second `author:`, the one to remove.
    const twice = (await readFile(path.join(dir, 'news/bilan-2024.fr.md'), 'utf8')).split('\n').lastIndexOf('author: Comité') + 1;
    expect(problems).toEqual([
      expect.stringMatching(new RegExp(`^${at}/news/bilan-2024\\.fr\\.md:${twice}: this field is written twice: keep one$`)),
      expect.stringMatching(
        new RegExp(`^${at}/jobs/traducteur-allemand-francais\\.en\\.md:\\d+: a tab at the start of the line: indent with spaces$`),
      ),
    ]);
  });

  it('stops `npm run build` with that list, leaving the last good dist/ in place', async () => {
    const dir = await copyOfContent('broken-build');
    await edit(path.join(dir, 'awards.json'), (t) => t.replace('"fr": "Mandat de l’année"', '"fr": ""'));
    const before = await readFile(path.join(root, 'dist/manifest.json'), 'utf8');
    const partial = async () => (await readdir(root)).filter((f) => f.startsWith('.dist-build-'));
    const leftovers = await partial();
    const result = await run(process.execPath, ['scripts/build.mjs', '--no-seed'], {
      cwd: root,
      env: { ...process.env, CONTENT_DIR: dir },
    }).then(
      () => ({ code: 0, stderr: '' }),
      (e: { code: number; stderr: string }) => e,
    );
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('Build stopped: content/ has 1 problem(s)');
    expect(result.stderr).toMatch(/awards\.json:\d+: "[a-z0-9-]+" › title › fr: is empty: write the text/);
    expect(await readFile(path.join(root, 'dist/manifest.json'), 'utf8')).toBe(before);
    expect(await partial()).toEqual(leftovers);
  });

  it('takes optional fields as optional and any list as possibly empty', async () => {
    const dir = await copyOfContent('optional');
    // An offer without a PDF, an article without an image, a member without a photo, no partner, no event folder at all.
    await edit(path.join(dir, 'jobs/traducteur-allemand-francais.fr.md'), (t) => t.replace(/^attachments:\n(?: {2}- .*\n)+/m, ''));
    await edit(path.join(dir, 'jobs/traducteur-allemand-francais.en.md'), (t) => t.replace(/^attachments:\n(?: {2}- .*\n)+/m, ''));
    await edit(path.join(dir, 'team.json'), (t) => t.replace('"members": []', '"members": ["Łukasz Dvořák"]'));
    await writeFile(path.join(dir, 'partners.json'), '[]\n');
    await rm(path.join(dir, 'testimonials.json'));
    await rm(path.join(dir, 'news'), { recursive: true });
    const { content } = await loadContent({ dir });
    expect(content.jobs.find((j: { id: string }) => j.id === 'traducteur-allemand-francais').attachments).toEqual([]);
    expect(content.team.find((r: { id: string }) => r.id === 'vp-hr-marketing').members).toEqual([{ name: 'Łukasz Dvořák' }]);
    expect(content.partners).toEqual([]);
    expect(content.testimonials).toEqual([]);
    expect(content.news).toEqual([]);
  });
});

describe('npm run content:check', () => {
  it('lists every sample entry still in place', async () => {
    const { stdout } = await run(process.execPath, ['scripts/content-check.mjs', fixtureContentDir], { cwd: root });
    expect(stdout).toMatch(/^Content is valid: /);
    const { samples } = await loadContent({ dir: fixtureContentDir });
    expect(samples.length).toBeGreaterThan(0);
    expect(stdout).toContain(`${samples.length} sample entries are still in place`);
    for (const s of samples as { file: string; id: string }[]) expect(stdout).toContain(`  - ${s.file}  ${s.id}`);
    expect(stdout).toContain('tests/fixtures/content/jobs/developpeur-web-site-vitrine.{fr,en}.md  developpeur-web-site-vitrine');
  });

  it('says so once the association has replaced them all, and fails on a broken entry', async () => {
    const dir = await copyOfContent('no-samples');
    for (const f of await readdir(dir, { recursive: true })) {
      if (/\.(json|md)$/.test(f))
        await edit(path.join(dir, f), (t) => t.replace(/"sample": true/g, '"sample": false').replace(/^sample: true$/m, 'sample: false'));
    }
    const { stdout } = await run(process.execPath, ['scripts/content-check.mjs', dir], { cwd: root });
    expect(stdout).toContain('No sample entries left');

    await edit(path.join(dir, 'site.json'), (t) => t.replace('"email": "contact@jeepfl.ch"', '"email": "not an address"'));
    const failed = await run(process.execPath, ['scripts/content-check.mjs', dir], { cwd: root }).catch(
      (e: { code: number; stderr: string }) => e,
    );
    expect(failed).toMatchObject({ code: 1 });
    expect((failed as { stderr: string }).stderr).toMatch(
      /site\.json:\d+: email: "not an address" is not an e-mail address: write it like contact@example\.ch/,
    );
  });

  it('in the pipeline, marks each problem on its file and line, and writes a summary for the job page', async () => {
    const dir = await copyOfContent('annotations');
    await edit(path.join(dir, 'events.json'), (t) => t.replace(/"date": "2026-12-09"/, '"date": "9 décembre, 2026"'));
    const summary = path.join(work, 'summary.md');
    const failed = await run(process.execPath, ['scripts/content-check.mjs', dir], {
      cwd: root,
      env: { ...process.env, GITHUB_ACTIONS: 'true', GITHUB_STEP_SUMMARY: summary },
    }).catch((e: { code: number; stdout: string }) => e);
    expect(failed).toMatchObject({ code: 1 });
    const at = path.relative(root, path.join(dir, 'events.json'));
    // GitHub's workflow commands: properties escape ',' and ':'; the message escapes '%' and new lines.
    expect((failed as { stdout: string }).stdout).toMatch(
      new RegExp(
        `^::error file=${at.replaceAll('.', '\\.')},line=\\d+,title=Content%3A "[a-z0-9-]+" › date::"9 décembre, 2026" is not a date: write it as year-month-day, e\\.g\\. 2026-11-20$`,
        'm',
      ),
    );
    const written = await readFile(summary, 'utf8');
    expect(written).toMatch(/^### Content: 1 problem to fix$/m);
    expect(written).toContain(`- \`${at}:`);
  });
});
