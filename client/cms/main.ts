import CMS from 'decap-cms-app';
import generated from '#build/cms-config.json';
import { registerPullRequestsOnly } from './backend.ts';
import { type ConfigField, problems } from './check.ts';
import { type FormatSpec, formatOf } from './formats.ts';

/*
 * The editor at /cms: Decap CMS with the configuration scripts/cms-config.mjs
 * made from the collections (written by the build beside this bundle's
 * sources), bundled alone by scripts/build-cms.mjs into
 * dist/public/cms/cms.<hash>.js. Only the Worker's /cms page loads it: no
 * site page names it, and the Worker never imports it. decap-cms-app
 * registers its widgets, backends and every language of its interface
 * itself (French included), and starts only when `init` is called.
 */

interface Collection {
  name: string;
  format: string;
  identifier_field?: string;
  fields?: ConfigField[];
  files?: { fields: ConfigField[] }[];
}

interface Generated {
  config: { backend: Record<string, unknown>; collections: Collection[] } & Record<string, unknown>;
  formats: Record<string, FormatSpec>;
}

/** The part of an entry (an Immutable map) the check reads. */
interface Entry {
  get(key: 'collection'): string;
  get(key: 'newRecord'): boolean;
  getIn(path: string[]): { toJS(): Record<string, unknown> } | undefined;
}

const { config, formats } = generated as unknown as Generated;

registerPullRequestsOnly(String(config.backend.name));

for (const [name, spec] of Object.entries(formats))
  CMS.registerCustomFormat(name, spec.root === 'markdown' ? 'md' : 'json', formatOf(spec));

// A Markdown entry's shared fields are written in both its files (the build
// requires it): Decap copies a field marked `i18n: duplicate` into English
// whenever the French one changes, lists and objects included
// (lib/i18n.ts duplicateI18nFields), but the schemas of those two widgets
// accept only true or false there. They are given Decap's own field rule.
for (const name of ['list', 'object']) {
  const widget = CMS.getWidget(name) as { schema?: { properties?: Record<string, unknown> } } | undefined;
  if (widget?.schema?.properties)
    widget.schema.properties.i18n = { oneOf: [{ type: 'boolean' }, { type: 'string', enum: ['translate', 'duplicate', 'none'] }] };
}

/**
 * A new entry's file is named after its French title, as Decap makes it
 * (lower case, accents and punctuation dropped, spaces as hyphens), but Decap
 * keeps `_` and `~`, which the site's names refuse (content/ids.ts SLUG).
 */
const NAME_BREAKERS = /[_~]/;
const NAME_MESSAGE =
  'Le titre en français donne son nom au fichier : remplacez-y « _ » et « ~ » par un espace ou un tiret (le titre pourra les reprendre une fois enregistré). / The French title names the file: replace “_” and “~” in it with a space or a hyphen (the title may have them back once saved).';

CMS.registerEventListener({
  name: 'preSave',
  handler: ({ entry }) => {
    const read = entry as unknown as Entry;
    const collection = config.collections.find((c) => c.name === read.get('collection'));
    const spec = collection && formats[collection.format];
    if (!collection || !spec) return undefined;
    const data = (path: string[]) => read.getIn(path)?.toJS() ?? {};
    const files: Record<string, Record<string, unknown>> = spec.root === 'markdown'
      ? { fr: data(['data']), en: data(['i18n', 'en', 'data']) }
      : { file: data(['data']) };
    const found = problems({ collection: collection.name, files }, spec, collection.fields ?? collection.files?.[0]?.fields ?? []);
    const named = collection.identifier_field && files.fr?.[collection.identifier_field];
    if (read.get('newRecord') && typeof named === 'string' && NAME_BREAKERS.test(named)) found.push(NAME_MESSAGE);
    if (found.length > 0) throw new Error(`rien n’est enregistré / nothing was saved:\n${found.join('\n')}`);
    return undefined;
  },
});

// Decap checks the sign-in window's messages against `base_url`: the page's own origin, wherever the site runs.
CMS.init({
  config: { ...config, site_url: location.origin, backend: { ...config.backend, base_url: location.origin } } as never,
});
