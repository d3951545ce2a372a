// The pages rendered ahead (docs/decisions/0017), a step of scripts/build.mjs:
// every page in both languages, for the deploy's settings, on each day from
// the build's on which a page may change, by the Worker's own renderer
// (worker/render/prerender.tsx, bundled here for Node). Writes each document
// once, named by its content hash, to dist/public/_pages/ (uploaded with the
// static files), and the table the Worker looks them up in to dist/pages.js.
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import * as esbuild from 'esbuild';
import { localDate } from '../content/lausanne.ts';

const DAY = /^\d{4}-\d{2}-\d{2}$/;
/** A real calendar day (`2026-02-30` is none), so a text that only looks like a date is no change day. */
const isDay = (text) => {
  const at = DAY.test(text) ? Date.parse(`${text}T12:00:00Z`) : Number.NaN;
  return Number.isFinite(at) && new Date(at).toISOString().slice(0, 10) === text;
};
const nextDay = (day) => new Date(Date.parse(`${day}T12:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/**
 * The days a page may change on, from `from` (included) to `until` (not):
 * `from`; each date the content names and the day after it (an offer is
 * open through its last day, an event is upcoming through its day); the
 * first of every month (the recruitment sessions) and so every New Year's
 * Day (the footer's year). `until` is the first of the month thirteen months
 * after the build's day: a deploy left alone serves pages rendered ahead for
 * more than a year, each page in at most two years' versions (the footer's
 * year), which keeps what a deploy writes to KV small; the content's dates
 * past it (and a mistyped year) change nothing. Past `until`, pages are
 * rendered for each request, still right.
 */
export function changeDays(content, from, today = localDate(new Date())) {
  const dates = new Set();
  const walk = (value) => {
    if (typeof value === 'string') {
      const day = value.slice(0, 10);
      if (isDay(day)) dates.add(day);
    } else if (value && typeof value === 'object') {
      for (const v of Object.values(value)) walk(v);
    }
  };
  walk(content);
  // Thirteen months from the build (whatever dates the content holds, a mistyped 2205 included).
  const latest = [from, today].sort().at(-1);
  const until = new Date(Date.UTC(Number(latest.slice(0, 4)), Number(latest.slice(5, 7)) - 1 + 13, 1)).toISOString().slice(0, 10);
  const days = new Set([from]);
  for (const date of dates) for (const day of [date, nextDay(date)]) if (day > from && day < until) days.add(day);
  for (let year = Number(from.slice(0, 4)); year <= Number(until.slice(0, 4)); year++) {
    for (let month = 1; month <= 12; month++) {
      const day = `${year}-${String(month).padStart(2, '0')}-01`;
      if (day > from && day < until) days.add(day);
    }
  }
  return { days: [...days].sort(), until };
}

/**
 * The vars of each environment to render for: `development` (wrangler.toml's
 * top level, `npm run dev`), `test` (the same, as the tests run it), or an
 * environment of the config file (`staging`, `production`, a preview's);
 * plus, from PRERENDER_VARS (JSON), the top level with those vars changed
 * (the browser tests' server).
 */
export async function environmentVars(names, configPath) {
  const { unstable_readConfig } = await import('wrangler');
  const read = (env) => unstable_readConfig({ config: configPath, ...(env ? { env } : {}) }, { hideWarnings: true }).vars ?? {};
  const top = read();
  const out = names.map((name) => {
    if (name === 'development') return top;
    if (name === 'test') return { ...top, ENVIRONMENT: 'test' };
    return read(name);
  });
  if (process.env.PRERENDER_VARS) out.push({ ...top, ...JSON.parse(process.env.PRERENDER_VARS) });
  return out;
}

/** Bundles the renderer for Node, renders everything, writes the files. Returns how many documents and variants. */
export async function prerenderPages({ root, dist, common, content, vars, from }) {
  const { days, until } = changeDays(content, from);
  const entry = path.join(dist, 'prerender.mjs');
  // worker/env.ts reads it: none checked yet while the renderer is bundled for the build.
  await writeFile(path.join(dist, 'checked-vars.js'), 'export default [];\n');
  await esbuild.build({
    ...common,
    minify: false,
    metafile: false,
    stdin: {
      contents: "export { prerender, readConfig, varsText } from './worker/render/prerender.tsx';\n",
      resolveDir: root,
      loader: 'ts',
    },
    outfile: entry,
    platform: 'node',
    format: 'esm',
    target: 'node22',
    jsx: 'automatic',
    define: { 'process.env.NODE_ENV': '"production"' },
  });
  try {
    const { prerender, readConfig, varsText } = await import(pathToFileURL(entry).href);
    // readConfig stops the build on a wrong var; those it accepted, the Worker need not check again.
    const configs = vars.map((v) => readConfig(v));
    await writeFile(
      path.join(dist, 'checked-vars.js'),
      `// Written by scripts/prerender.mjs: the vars the build checked (worker/env.ts varsText).\nexport default ${JSON.stringify(vars.map((v) => varsText(v)))};\n`,
    );
    await writeFile(
      path.join(dist, 'checked-vars.d.ts'),
      '// Written by scripts/prerender.mjs with checked-vars.js.\ndeclare const checked: string[];\nexport default checked;\n',
    );
    const { table, files } = await prerender({ configs, days, until });
    const folder = path.join(dist, 'public/_pages');
    await mkdir(folder, { recursive: true });
    for (const [file, text] of files) await writeFile(path.join(folder, `${file}.html`), text);
    // JSON text that JSON.parse reads (as data.js), the shape of worker/routes/pages/table.ts's BuiltPages.
    await writeFile(
      path.join(dist, 'pages.js'),
      `// Written by scripts/prerender.mjs: the pages rendered ahead (types: pages.d.ts).\nexport default JSON.parse(${JSON.stringify(JSON.stringify(table))});\n`,
    );
    await writeFile(
      path.join(dist, 'pages.d.ts'),
      "// Written by scripts/prerender.mjs with pages.js.\ndeclare const pages: import('../worker/routes/pages/table.ts').BuiltPages;\nexport default pages;\n",
    );
    const variants = Object.values(table.configs).reduce((n, pages) => n + Object.values(pages).reduce((m, v) => m + v.length, 0), 0);
    return { documents: files.size, variants, days: days.length, from, until };
  } finally {
    await rm(entry, { force: true });
  }
}
