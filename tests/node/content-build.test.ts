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

/** A copy of content/ to break. */
async function copyOfContent(name: string) {
  const dir = path.join(work, name);
  await cp(fixtureContentDir, dir, { recursive: true });
  return dir;
}

async function edit(file: string, change: (text: string) => string) {
  await writeFile(file, change(await readFile(file, 'utf8')));
}

beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), 'content-test-'));
});
afterAll(() => rm(work, { recursive: true, force: true }));

describe('the content build', () => {
  it('accepts the fixtures', async () => {
    expect(await problemsOf(fixtureContentDir)).toEqual([]);
  });

  it('names the file, the field and the reason for each broken entry', async () => {
    const dir = await copyOfContent('broken');
    await edit(path.join(dir, 'portfolio.json'), (t) => t.replace('"category": "engineering"', '"category": "cooking"'));
    await edit(path.join(dir, 'events.json'), (t) => t.replace(/"date": "2026-12-09"/, '"date": "2026-12-32"'));
    await edit(path.join(dir, 'news/bilan-2024.en.md'), (t) => t.replace(/^date: .*$/m, 'date: 2025-02-04'));
    await edit(path.join(dir, 'jobs/traducteur-allemand-francais.fr.md'), (t) => t.replace(/^title: .*\n/m, ''));
    await edit(path.join(dir, 'galleries.json'), (t) => t.replace('galleries/awards.svg', 'galleries/missing.svg'));
    await edit(path.join(dir, 'services/design.fr.md'), (t) => t.replace('- founded', '- unknown-figure'));
    await rm(path.join(dir, 'news/recrutement-automne-2026.en.md'));
    await edit(path.join(dir, 'news/bilan-2024.fr.md'), (t) =>
      t.replace(/^date: .*$/m, (d) => `${d}\nimage:\n  file: news/missing.jpg\n  alt: { fr: Graphique, en: Chart }`),
    );

    const problems = await problemsOf(dir);
    const expectProblem = (file: string, field: string) =>
      expect(
        problems.some((p) => p.startsWith(`${file}: ${field}`)),
        `${file}: ${field} in\n${problems.join('\n')}`,
      ).toBe(true);
    expectProblem('content/portfolio.json'.replace('content', path.relative(root, dir)), '[3].category');
    expectProblem(`${path.relative(root, dir)}/events.json`, '[2].date');
    expectProblem(`${path.relative(root, dir)}/news/bilan-2024.en.md`, 'date: differs from bilan-2024.fr.md');
    expectProblem(`${path.relative(root, dir)}/jobs/traducteur-allemand-francais.fr.md`, 'title');
    expectProblem(`${path.relative(root, dir)}/news/recrutement-automne-2026.en.md`, 'is missing');
    const here = path.relative(root, dir);
    expectProblem(`${here}/images/galleries/missing.svg`, `does not exist (named in ${here}/galleries.json)`);
    expectProblem(`${here}/images/news/missing.jpg`, `does not exist (named in ${here}/news/bilan-2024.fr.md)`);
    expectProblem(`${here}/services/design.fr.md`, 'figures: "unknown-figure"');
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
    expect(result.stderr).toMatch(/awards\.json: \[2\]\.title\.fr: Too small/);
    expect(await readFile(path.join(root, 'dist/manifest.json'), 'utf8')).toBe(before);
    expect(await partial()).toEqual(leftovers);
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
    expect((failed as { stderr: string }).stderr).toMatch(/site\.json: email: Invalid email address/);
  });
});
