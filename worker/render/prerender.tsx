import { createHash } from 'node:crypto';
import type { PageConfig } from '#client/components/page-context.tsx';
import { forms } from '#client/forms/index.ts';
import { locales } from '#client/i18n.ts';
import { fillPath } from '#client/paths.ts';
import { type Route, routes } from '#client/routes.ts';
import type { BuiltPages, BuiltVariant } from './built-pages';
import { errorPageOptions, pageOptions } from './page-options';
import { type RenderOptions, renderStream } from './render';

import { pageConfigKey, settingsText } from './settings';

/** How the Worker reads and checks its vars: the build checks the deploy's with the same code (scripts/prerender.mjs). */
export { readConfig, varsText } from '../env';

/**
 * The build's side of docs/decisions/0017: every page, in each language, for
 * each of the deploy's settings, on each day it may change, rendered by the
 * same code as a request's (./page-options.ts, ./render.tsx). Bundled for Node and
 * run by scripts/prerender.mjs; never part of the Worker.
 */

/** A document and the file it is stored as (`_pages/<file>.html`): its content hash, which is also its ETag (worker/routes/pages/cache.ts hashes the same way). */
async function html(options: RenderOptions, config: PageConfig): Promise<{ text: string; file: string }> {
  let failure: unknown;
  const stream = await renderStream(config, options, (error) => {
    failure ??= error;
  });
  await stream.allReady;
  const text = await new Response(stream).text();
  if (failure) throw failure;
  return { text, file: createHash('sha256').update(text).digest('hex').slice(0, 32) };
}

/** A query string that notes which parameters a page reads (`*`: it went through them all). */
class WatchedQuery extends URLSearchParams {
  read = new Set<string>();
  override get(name: string) {
    this.read.add(name);
    return super.get(name);
  }
  override getAll(name: string) {
    this.read.add(name);
    return super.getAll(name);
  }
  override has(name: string, value?: string) {
    this.read.add(name);
    return super.has(name, value);
  }
  override forEach(...args: Parameters<URLSearchParams['forEach']>) {
    this.read.add('*');
    super.forEach(...args);
  }
  override entries() {
    this.read.add('*');
    return super.entries();
  }
  override keys() {
    this.read.add('*');
    return super.keys();
  }
  override values() {
    this.read.add('*');
    return super.values();
  }
  override [Symbol.iterator]() {
    this.read.add('*');
    return super[Symbol.iterator]();
  }
  override toString() {
    this.read.add('*');
    return super.toString();
  }
}

export interface PrerenderInput {
  /** The deploy's settings, as the Worker reads them (worker/env.ts readConfig). */
  configs: PageConfig[];
  /** The days a page may change on, sorted, the first being the first day covered. */
  days: string[];
  /** The first day not covered. */
  until: string;
}

/**
 * While the pages are rendered, the clock cannot be read (`new Date()`,
 * `Date.now()`): a page shows the day it is given (the loader's `now`), never
 * the moment it is rendered, or it could not be rendered ahead. A page that
 * reads the clock stops the build, naming the rule.
 */
function withoutClock<T>(run: () => Promise<T>): Promise<T> {
  const RealDate = Date;
  const refuse = () => {
    throw new Error('A page read the clock while it was rendered ahead: use the day its loader is given (`now`), docs/decisions/0017');
  };
  class DayOnly extends RealDate {
    constructor(...args: ConstructorParameters<typeof Date> | []) {
      if (args.length === 0) refuse();
      super(...(args as ConstructorParameters<typeof Date>));
    }
    static override now(): number {
      return refuse();
    }
  }
  globalThis.Date = DayOnly as DateConstructor;
  return run().finally(() => {
    globalThis.Date = RealDate;
  });
}

/** Renders everything ahead: the page table of dist/pages.js, and each document's text by file. */
export function prerender(input: PrerenderInput): Promise<{ table: BuiltPages; files: Map<string, string> }> {
  return withoutClock(() => renderAll(input));
}

type Variants = (render: (day: string) => RenderOptions, config: PageConfig, on: string[]) => Promise<BuiltVariant[]>;

async function renderAll({ configs, days, until }: PrerenderInput): Promise<{ table: BuiltPages; files: Map<string, string> }> {
  const files = new Map<string, string>();
  const table: BuiltPages = {
    routes: routes.map(({ id, path, layout, sitemap }) => ({ id, path, layout, sitemap })),
    forms: Object.values(forms).map((form) => ({ name: form.name, endpoint: form.endpoint })),
    query: {},
    from: days[0]!,
    days,
    until,
    configs: {},
    settings: {},
  };
  const years = days.filter((day, i) => i === 0 || day.endsWith('-01-01'));

  /** One document on each day of `on` where it differs from the day before. */
  const variants: Variants = async (render, config, on) => {
    const out: BuiltVariant[] = [];
    let last = '';
    for (const day of on) {
      const options = render(day);
      const { text, file } = await html(options, config);
      if (file === last) continue;
      files.set(file, text);
      out.push([day, options.status, file]);
      last = file;
    }
    return out;
  };

  for (const config of configs) {
    const pages: Record<string, BuiltVariant[]> = {};
    for (const route of routes) await renderRoute({ route, config, days, years, query: table.query, pages, variants });
    for (const status of [404, 500] as const) {
      for (const locale of locales)
        pages[`${locale} ${status}`] = await variants((day) => errorPageOptions(status, locale, day), config, years);
    }
    table.configs[pageConfigKey(config)] = pages;
    table.settings[pageConfigKey(config)] = settingsText(config);
  }
  return { table, files };
}

/**
 * Every entry of one route, in each language, into `pages`: on every day when
 * its loader reads the day, otherwise on the first day of each year (every
 * page shows the year, in its footer). Notes in `query` the parameters its
 * loader reads.
 */
async function renderRoute({
  route,
  config,
  days,
  years,
  query,
  pages,
  variants,
}: {
  route: Route;
  config: PageConfig;
  days: string[];
  years: string[];
  query: BuiltPages['query'];
  pages: Record<string, BuiltVariant[]>;
  variants: Variants;
}) {
  const entries = route.path.includes(':') ? route.page.every?.() : [{}];
  if (!entries) throw new Error(`client/pages/${route.id}.tsx: a page with a :name segment lists every entry (\`every\`)`);
  for (const params of entries) {
    const path = fillPath(route.path, params);
    for (const locale of locales) {
      let readsDay = false;
      const render = (day: string) => {
        const watched = new WatchedQuery();
        const options = pageOptions({ route, params, query: watched, locale, path, config, today: day, readsDay: () => (readsDay = true) });
        if (!options)
          throw new Error(`client/pages/${route.id}.tsx: \`every\` lists ${JSON.stringify(params)}, which its loader does not find`);
        const read = query[route.id] === '*' ? ['*'] : [...new Set([...(query[route.id] ?? []), ...watched.read])].sort();
        query[route.id] = read.includes('*') ? '*' : read;
        return options;
      };
      // The first day's data tells whether the loader reads the day at all; every page shows the year (its footer).
      render(days[0]!);
      pages[`${locale} ${path}`] = await variants(render, config, readsDay ? days : years);
    }
  }
}
