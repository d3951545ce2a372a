import { execFile } from 'node:child_process';
import { cp, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixtureContentDir } from '../fixtures/fixtures';
import { copyOfRepository } from './repo-copy';

// The association replaces every sample with its own content, typing as
// people type, and nothing else changes: the commands a maintainer and the
// pipeline run must pass on a copy of the repository whose content/ is
// entirely new (any slugs, counts, prices, dates and names; photos; empty
// collections), without touching a test. `npm run test:content` is the tier
// that reads content/; the other tiers read the tests' own fixtures.

const run = promisify(execFile);
let work: string;

type Json = Record<string, unknown>;
const readJson = async (file: string) => JSON.parse(await readFile(file, 'utf8'));
const writeJson = (file: string, value: unknown) => writeFile(file, `${JSON.stringify(value, null, 2)}\n`);

/** Every `sample` flag removed, as the association does once an entry is its own. */
async function dropSamples(dir: string) {
  for (const file of await readdir(dir, { recursive: true })) {
    const full = path.join(dir, file);
    if (file.endsWith('.json')) {
      const strip = (v: unknown): unknown =>
        Array.isArray(v)
          ? v.map(strip)
          : v && typeof v === 'object'
            ? Object.fromEntries(
                Object.entries(v)
                  .filter(([k]) => k !== 'sample')
                  .map(([k, x]) => [k, strip(x)]),
              )
            : v;
      await writeJson(full, strip(await readJson(full)));
    } else if (file.endsWith('.md')) {
      await writeFile(full, (await readFile(full, 'utf8')).replace(/^sample: .*\n/m, ''));
    }
  }
}

/** A photo as a phone takes it: large, JPEG, with detail (so it weighs what a real one does). */
async function phonePhoto(file: string, width = 4000, height = 3000) {
  const noise = Buffer.alloc(width * height * 3);
  for (let i = 0; i < noise.length; i++) noise[i] = (i * 7919 + (i >> 11) * 104729) % 251;
  await mkdir(path.dirname(file), { recursive: true });
  await sharp(noise, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 92 })
    .toFile(file);
}

const article = (locale: 'fr' | 'en') =>
  locale === 'fr'
    ? `---
date: 2026-11-20
type: Association
title: Assemblée générale 2026 : un nouveau comité
author: Comité
summary: L'assemblée a élu son comité : qui sont les nouveaux membres ?
---

L'assemblée générale s'est tenue le 19 novembre : merci à toutes celles et ceux qui sont venus !

Le nouveau comité entre en fonction ; il a un seul mot d'ordre : "servir nos clients".
`
    : `---
date: 2026-11-20
type: Association
title: "2026 general assembly: a new committee"
author: Committee
summary: The assembly elected its committee. Who are the new members?
---

The general assembly met on 19 November: thank you to everyone who came!
`;

const job = (locale: 'fr' | 'en') =>
  locale === 'fr'
    ? `---
published: 2026-11-18
validThrough: 2027-01-31
title: Assistante ou assistant marketing
type: Mandat de communication
location: Lausanne
duration: 3 mois
salary: 30 CHF de l'heure
summary: Vous aidez une start-up à lancer sa marque : réseaux sociaux, textes et visuels.
salaryExpectation: Selon le contrat
---

Vous travaillez avec l'équipe de la start-up deux jours par semaine. Intéressé ? Écrivez-nous !
`
    : `---
published: 2026-11-18
validThrough: 2027-01-31
title: Marketing assistant
type: Communication project
location: Lausanne
duration: 3 months
salary: 30 CHF an hour
summary: You help a start-up launch its brand: social media, copy and visuals.
salaryExpectation: As agreed in the contract
---

You work with the start-up's team two days a week. Interested? Write to us!
`;

/** content/ as the association leaves it: every sample replaced, photos from a phone, names from anywhere in Europe. */
async function ownContent(dir: string) {
  await cp(fixtureContentDir, dir, { recursive: true });
  await rm(path.join(dir, 'README.md'));
  await dropSamples(dir);

  const pricing = await readJson(path.join(dir, 'pricing.json'));
  await writeJson(path.join(dir, 'pricing.json'), {
    ...pricing,
    perWord: { translation_proofreading: 0.23, proofreading: 0.09 },
    minimumPerLanguage: 45,
  });

  // The 2024 article and one offer replaced by new ones: no image, no PDF, plain spaces and straight quotes.
  for (const f of await readdir(path.join(dir, 'news'))) if (f.startsWith('bilan-2024')) await rm(path.join(dir, 'news', f));
  for (const f of await readdir(path.join(dir, 'jobs')))
    if (f.startsWith('traducteur-allemand-francais')) await rm(path.join(dir, 'jobs', f));
  for (const locale of ['fr', 'en'] as const) {
    await writeFile(path.join(dir, `news/assemblee-generale-2026.${locale}.md`), article(locale));
    await writeFile(path.join(dir, `jobs/assistant-marketing.${locale}.md`), job(locale));
  }

  // This year's committee, with a photo straight from a phone for one of them.
  await phonePhoto(path.join(dir, 'images/team/IMG_2041.JPG'));
  const team = (await readJson(path.join(dir, 'team.json'))) as (Json & { members: unknown[] })[];
  team[0]!.members = [{ name: 'Łukasz Dvořák', photo: 'team/IMG_2041.JPG' }, 'Zoë Nguyễn'];
  team[1]!.members = ['Ayşe Yılmaz', 'Björn Þórsson'];
  await writeJson(path.join(dir, 'team.json'), team);

  // A project with a photo, typed with a plain space before its colon and question mark.
  await phonePhoto(path.join(dir, 'images/portfolio/chantier.jpeg'), 3000, 4000);
  const portfolio = (await readJson(path.join(dir, 'portfolio.json'))) as Json[];
  portfolio[0] = {
    ...portfolio[0],
    title: { fr: 'Une étude de marché : quel prix pour un nouveau service ?', en: 'A market study: what price for a new service?' },
    image: { file: 'portfolio/chantier.jpeg', alt: { fr: "Un chantier vu d'en haut", en: 'A building site seen from above' } },
  };
  await writeJson(path.join(dir, 'portfolio.json'), portfolio);

  // Nothing to show yet: no testimonial, no partner, no award.
  for (const name of ['testimonials', 'partners', 'awards']) await writeJson(path.join(dir, `${name}.json`), []);
}

/** The same, with every collection that may be empty emptied: a site on its very first day. */
async function emptyContent(dir: string) {
  await ownContent(dir);
  for (const name of ['testimonials', 'partners', 'awards', 'events', 'portfolio', 'faq', 'team', 'galleries', 'activities'])
    await writeJson(path.join(dir, `${name}.json`), []);
  for (const folder of ['news', 'jobs']) {
    await rm(path.join(dir, folder), { recursive: true });
    await mkdir(path.join(dir, folder));
  }
  const site = (await readJson(path.join(dir, 'site.json'))) as Json;
  await writeJson(path.join(dir, 'site.json'), site);
}

beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), 'own-content-'));
});
afterAll(() => rm(work, { recursive: true, force: true }));

describe.each([
  ['every sample replaced, with photos and names from across Europe', ownContent],
  ['every optional collection empty', emptyContent],
])('the repository with the association’s own content: %s', (name, make) => {
  let repo: string;
  beforeAll(async () => {
    const content = path.join(work, `${name.replace(/\W+/g, '-')}-content`);
    await make(content);
    repo = await copyOfRepository(path.join(work, name.replace(/\W+/g, '-')), { content });
  }, 120_000);

  const npm = (...args: string[]) =>
    run(process.execPath, [process.env.npm_execpath ?? 'npm', 'run', '--silent', ...args], {
      cwd: repo,
      env: { ...process.env, CI: 'true', NO_COLOR: '1', GITHUB_ACTIONS: '' },
      maxBuffer: 64 * 1024 * 1024,
    });

  it('passes npm run content:check, with no sample left', async () => {
    const { stdout } = await npm('content:check');
    expect(stdout).toMatch(/^Content is valid: /);
    expect(stdout).toContain('No sample entries left');
  }, 120_000);

  it('builds, and the tier that reads content/ passes (every page, link, image and French typography)', async () => {
    const { stdout } = await npm('test:content');
    expect(stdout).toMatch(/Tests\s+\d+ passed/);
    // What the site then shows, as the build wrote it.
    const built = JSON.parse(await readFile(path.join(repo, 'dist/content.json'), 'utf8'));
    if (make === emptyContent) {
      for (const name of ['testimonials', 'partners', 'awards', 'team', 'news', 'jobs']) expect(built[name], name).toEqual([]);
      return;
    }
    expect(built.pricing.perWord).toEqual({ translation_proofreading: 0.23, proofreading: 0.09 });
    const article = built.news.find((a: Json) => a.id === 'assemblee-generale-2026');
    expect(article.title.fr).toBe('Assemblée générale 2026\u00a0: un nouveau comité');
    expect(article.image).toBeUndefined();
    expect(built.jobs.find((j: Json) => j.id === 'assistant-marketing').attachments).toEqual([]);
    expect(built.team[0].members).toEqual([{ name: 'Łukasz Dvořák', photo: 'team/IMG_2041.JPG' }, { name: 'Zoë Nguyễn' }]);
    const portrait = built.images['team/IMG_2041.JPG'];
    expect(portrait.sources.map((s: { type: string }) => s.type)).toEqual(['image/avif', 'image/webp']);
    expect(portrait.width).toBeLessThanOrEqual(192);
  }, 300_000);
});
