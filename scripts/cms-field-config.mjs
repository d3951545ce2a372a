// One field of the editor's configuration (Decap CMS) from its zod schema
// (content/collections.ts) and its words (content/cms-words.ts): the widget, and
// the rules the schema gives (required, pattern, bounds, choices), so that
// the editor refuses in the form what `npm run content:check` would refuse.
// Used by scripts/cms-config.mjs.
import { LANGUAGES, MISMATCH } from '../content/cms-words.ts';
import { imageWidths } from '../content/collection-schema.ts';
import { IMAGE_FILE, SLUG } from '../content/ids.ts';
import { IMAGE_LIMITS } from './content-images.mjs';

/** What an editor can type, in French first: the UI's language (Decap's `locale: fr`). */
const both = (words) => `${words.fr} / ${words.en}`;

/** A field's label and hint: the French label, the French hint, then the English ones in italics. */
export function labelled(words) {
  const english = words.hint ? `${words.label.en}: ${words.hint.en}` : words.label.en === words.label.fr ? '' : words.label.en;
  const hint = [words.hint?.fr, english && `_${english}_`].filter(Boolean).join(' ');
  return { label: words.label.fr, ...(hint ? { hint } : {}) };
}

/**
 * A schema without what only makes it optional, defaulted or nullable, and
 * through its pipes to what is typed: a preprocessed text is the text, a
 * transformed object (`localized`) the object.
 */
export function unwrap(schema) {
  const found = { schema, optional: false, nullable: false, hasDefault: false, defaultValue: undefined };
  for (;;) {
    const def = found.schema._zod.def;
    if (def.type === 'optional') found.optional = true;
    else if (def.type === 'nullable') found.nullable = true;
    else if (def.type === 'default') [found.hasDefault, found.defaultValue] = [true, def.defaultValue];
    else if (def.type === 'pipe') {
      found.schema = def.in._zod.def.type === 'transform' ? def.out : def.in;
      continue;
    } else return found;
    found.schema = def.innerType;
  }
}

const checksOf = (schema) => (schema._zod.def.checks ?? []).map((c) => c._zod.def);

/** Decap's `pattern` of a text: its regex and the message shown when a value breaks it. */
function patternOf(schema, words, at) {
  const def = schema._zod.def;
  const message = (kind) => {
    const mismatch = words.mismatch ?? MISMATCH[kind];
    if (!mismatch) throw new Error(`content/cms-words.ts: ${at} has a pattern without a message: give it \`mismatch\``);
    return both(mismatch);
  };
  if (def.format === 'url') return ['^https://\\S+$', message('https')];
  if (def.format === 'email') return [def.pattern.source, message('email')];
  if (def.format === 'date') return [def.pattern.source, message('date')];
  const regex = checksOf(schema).find((c) => c.format === 'regex')?.pattern;
  if (!regex) return undefined;
  const kind = regex.source === SLUG.source ? 'slug' : regex.source === IMAGE_FILE.source ? 'image' : undefined;
  return [withoutFlags(regex, at), message(kind)];
}

/**
 * A regex's source that means the same without its flags: Decap builds the
 * pattern with `RegExp(source)`, flags lost. `i` is written out, each letter
 * as both its cases (`JPG` as `[jJ][pP][gG]`); a letter inside a character
 * class, or another flag, is refused here rather than checked wrongly there.
 */
export function withoutFlags(regex, at = '') {
  const flags = regex.flags.replace('i', '');
  if (flags) throw new Error(`scripts/cms-field-config.mjs: ${at}'s pattern has flags ${flags} that the editor cannot apply`);
  if (!regex.flags.includes('i')) return regex.source;
  let out = '';
  let inClass = false;
  for (let i = 0; i < regex.source.length; i++) {
    const c = regex.source[i];
    if (c === '\\') {
      // An escape whole: `\u001f` and `\x1f` with their digits.
      const length = { u: 5, x: 3 }[regex.source[i + 1]] ?? 1;
      out += regex.source.slice(i, i + 1 + length);
      i += length;
      continue;
    }
    if (c === '[') inClass = true;
    else if (c === ']') inClass = false;
    else if (/[a-z]/i.test(c)) {
      if (inClass) throw new Error(`scripts/cms-field-config.mjs: ${at}'s case-insensitive pattern has a letter in a character class`);
      out += `[${c.toLowerCase()}${c.toUpperCase()}]`;
      continue;
    }
    out += c;
  }
  return out;
}

/** `min` and `max` of a number, exclusive bounds moved in by the step (Decap's are inclusive). */
function bounds(checks, step) {
  const out = {};
  const decimals = String(step).split('.')[1]?.length ?? 0;
  const round = (n) => Number(n.toFixed(decimals));
  for (const c of checks) {
    if (c.check === 'greater_than') out.min = c.inclusive ? c.value : round(c.value + step);
    if (c.check === 'less_than') out.max = c.inclusive ? c.value : round(c.value - step);
  }
  return out;
}

/** A list's `min` and `max` from its checks. */
function lengths(checks) {
  const out = {};
  for (const c of checks) {
    if (c.check === 'min_length') out.min = c.minimum;
    if (c.check === 'max_length') out.max = c.maximum;
    if (c.check === 'length_equals') [out.min, out.max] = [c.length, c.length];
  }
  return out;
}

/** Where uploads of an image or file field go, and what its value is. */
function media(words, at, kind) {
  if (!words.folder) throw new Error(`content/cms-words.ts: ${at} is an ${kind} field: give it \`folder\``);
  const folder = kind === 'image' ? `images/${words.folder}` : words.folder;
  return {
    widget: kind,
    media_folder: `/content/${folder}`,
    public_folder: kind === 'image' ? words.folder : '',
    choose_url: false,
    media_library: { config: { max_file_size: IMAGE_LIMITS.bytes, multiple: false } },
  };
}

/**
 * The widget and rules of a value of `schema` (without its name, label or
 * `required`), with `words` its words in content/cms-words.ts and `at` its path for
 * messages. `child(name, schema, words)` makes a field inside it.
 */
function widgetOf(schema, words, at, child) {
  const def = schema._zod.def;
  switch (def.type) {
    case 'string': {
      const pattern = patternOf(schema, words, at);
      const rules = pattern ? { pattern } : {};
      if (imageWidths.has(schema) || words.widget === 'image') return { ...media(words, at, 'image'), ...rules };
      if (words.widget === 'file') return { ...media(words, at, 'file'), ...rules };
      if (def.format === 'date') return { widget: 'datetime', date_format: 'YYYY-MM-DD', time_format: false, ...rules };
      return { widget: words.widget === 'text' ? 'text' : 'string', ...rules };
    }
    case 'number': {
      const whole = checksOf(schema).some((c) => c.format === 'safeint');
      const step = words.step ?? (whole ? 1 : 0.01);
      return { widget: 'number', value_type: whole ? 'int' : 'float', step, ...bounds(checksOf(schema), step) };
    }
    case 'boolean':
      return { widget: 'boolean' };
    case 'enum':
      return { widget: 'select', options: Object.values(def.entries).map((v) => ({ label: words.options[v].fr, value: v })) };
    case 'literal':
      if (def.values.length === 1) return { widget: 'hidden', default: def.values[0] };
      return { widget: 'select', options: def.values.map((v) => ({ label: String(v), value: v })) };
    case 'object':
      return objectOf(schema, words, at, child);
    case 'union': {
      const object = def.options.find((o) => unwrap(o).schema._zod.def.type === 'object');
      if (!object) throw new Error(`scripts/cms-field-config.mjs: ${at} is a union without an object: the editor has no widget for it`);
      return objectOf(unwrap(object).schema, words, at, child);
    }
    case 'array':
      return listOf(schema, words, at, child);
    default:
      throw new Error(`scripts/cms-field-config.mjs: ${at} is a ${def.type}: the editor has no widget for it yet`);
  }
}

/** An object: a text in both languages (`{ fr, en }`), a picture with its description, or fields with their own words. */
function objectOf(schema, words, at, child) {
  const shape = schema._zod.def.shape;
  const language = Object.keys(shape).length === 2 && Object.keys(shape).every((k) => k in LANGUAGES);
  const fields = Object.entries(shape).map(([key, field]) => {
    const own = language ? { label: LANGUAGES[key], widget: words.widget } : words.fields?.[key];
    if (!own) throw new Error(`content/cms-words.ts: ${at}.${key} has no words: add them to its collection`);
    // image()'s file: the picture's own folder.
    const picture = imageWidths.has(schema) && key === 'file' ? { widget: 'image', folder: words.folder } : {};
    return child(key, field, { ...own, ...picture });
  });
  return { widget: 'object', collapsed: false, fields };
}

/** A list: of choices (a select of several), of objects, or of single values (texts, files). */
function listOf(schema, words, at, child) {
  const element = schema._zod.def.element;
  const counts = lengths(checksOf(schema));
  const kind = unwrap(element).schema._zod.def.type;
  if (kind === 'enum') return { ...widgetOf(unwrap(element).schema, words, at, child), multiple: true, ...counts };
  const list = { widget: 'list', ...(words.singular ? { label_singular: words.singular.fr } : {}), ...counts };
  if (kind === 'object' || kind === 'union') {
    const { fields } = widgetOf(unwrap(element).schema, words, at, child);
    return { ...list, collapsed: true, ...(words.summary ? { summary: words.summary } : {}), fields };
  }
  const item = { label: words.singular ?? words.label, widget: words.widget, folder: words.folder, mismatch: words.mismatch };
  return { ...list, field: child('item', element, item) };
}

/**
 * A field of Decap's configuration from a zod schema and its words:
 * required unless the schema makes it optional, defaulted or nullable, or
 * an object around it is optional (Decap checks a field inside an object
 * even when the object is left empty; the check before saving takes over).
 */
export function fieldOf(name, fieldSchema, words, { at = name, optionalAround = false, i18n, nested = false } = {}) {
  const { schema, optional, nullable, hasDefault, defaultValue } = unwrap(fieldSchema);
  const optionalHere = optional || nullable || hasDefault;
  const child = (key, s, w) =>
    fieldOf(key, s, w, {
      at: `${at}.${key}`,
      // Inside a list's items, each item is there: its fields are required as the schema says.
      optionalAround: schema._zod.def.type === 'array' ? false : optionalAround || optionalHere,
      i18n,
      nested: true,
    });
  const widget = widgetOf(schema, words, at, child);
  const start = words.default ?? (hasDefault && !Array.isArray(defaultValue) ? defaultValue : undefined);
  return {
    name,
    ...labelled(words),
    ...widget,
    required: !(optionalHere || optionalAround),
    ...(start === undefined ? {} : { default: start }),
    ...(i18n === undefined ? {} : { i18n: i18nOf(i18n, nested, widget.widget) }),
  };
}

/**
 * A shared field (`duplicate`) is copied into English by Decap part by part,
 * and each part shown there greyed out; a part left unmarked would be hidden
 * in English. But an object inside it is marked as translated: Decap sets a
 * marked object in English even when French has none yet (an image's
 * description, before the image is chosen), then fails to set its parts
 * inside that nothing, and the editor stops with an error. Its parts, still
 * marked, are copied all the same.
 */
function i18nOf(i18n, nested, widget) {
  return i18n === 'duplicate' && nested && widget === 'object' ? true : i18n;
}
