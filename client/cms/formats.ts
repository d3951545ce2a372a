import { stringify } from 'yaml';
// @ts-expect-error: a plain .mjs build script without types: the build's own reader of front matter, the editor's too.
import { splitFrontMatter as split } from '../../scripts/content-markdown.mjs';

/*
 * How the editor reads and writes the files of content/ (Decap's custom
 * formats, one per collection, described by scripts/cms-config.mjs):
 * - a JSON list, whose entries Decap edits under `items` (it edits no list
 *   at a file's root, decaporg/decap-cms#531);
 * - a JSON object (site facts, prices);
 * - a Markdown entry's file: its front matter, read as the build reads it
 *   (scripts/content-markdown.mjs, typed values quoted), and its body.
 * Every file is written as the repository writes it: JSON with two spaces
 * and a final newline, keys in the schema's order (Decap keeps an object of
 * more than eight keys in no order), nothing left of a field emptied in the
 * form (an optional field is absent, never ""), and a field that may be a
 * text written as the text when the form left only that (a member without a
 * photo stays `"Zoë"`, as docs/content.md writes it): an edit changes the
 * lines it is about, and no others.
 */

/** The keys of an object in the schema's order, each with its own keys when it holds objects (a list: its items'). */
type KeyOrder = { [key: string]: KeyOrder | null };

export interface FormatSpec {
  root: 'list' | 'object' | 'markdown';
  keys: KeyOrder;
  /**
   * Fields that may be a text or an object (`"Zoë"` or `{ "name": "Zoë" }`), and the key the text fills: the text is
   * read as the object, and an object holding that key alone is written as the text.
   */
  texts: { path: string[]; into: string }[];
}

/** A Markdown file's fields and body, read as the build reads them (null without front matter); throws on broken YAML. */
export const readFrontMatter = split as (source: string) => { data: unknown; body: string } | null;

type Json = string | number | boolean | null | Json[] | { [key: string]: Json };
type Data = { [key: string]: Json };

/**
 * What the form leaves: no empty text, and no object left empty by it (an
 * optional picture whose file and description were cleared). `null` stays:
 * it is a value (a service page without projects). Lists keep their items.
 */
function prune(value: Json | undefined): Json | undefined {
  if (value === '' || value === undefined) return undefined;
  if (Array.isArray(value)) return value.map((v) => prune(v) ?? null);
  if (value === null || typeof value !== 'object') return value;
  const kept = Object.entries(value).flatMap(([k, v]) => {
    const p = prune(v);
    return p === undefined ? [] : [[k, p] as const];
  });
  return kept.length ? Object.fromEntries(kept) : undefined;
}

/** `value` with its objects' keys in the schema's order (keys it does not know after them, as they were). */
function ordered(value: Json, keys: KeyOrder | null): Json {
  if (Array.isArray(value)) return value.map((v) => ordered(v, keys));
  if (value === null || typeof value !== 'object' || !keys) return value;
  const names = [...Object.keys(keys).filter((k) => k in value), ...Object.keys(value).filter((k) => !(k in keys))];
  return Object.fromEntries(names.map((k) => [k, ordered(value[k]!, keys[k] ?? null)]));
}

/** `entry` with `change` made to each value at `path` (`*`: every item of a list). */
function atPath(entry: Json, path: string[], change: (value: Json) => Json): Json {
  if (path.length === 0) return change(entry);
  const [head, ...rest] = path;
  if (head === '*') return Array.isArray(entry) ? entry.map((v) => atPath(v, rest, change)) : entry;
  if (entry === null || typeof entry !== 'object' || Array.isArray(entry) || !(head! in entry)) return entry;
  return { ...entry, [head!]: atPath(entry[head!]!, rest, change) };
}

/** A text read as the object it stands for (`"Zoë"`: `{ name: "Zoë" }`). */
const textRead = (into: string) => (value: Json) => (typeof value === 'string' ? { [into]: value } : value);

/** An object holding only the text it was read from written as that text again. */
const textWritten = (into: string) => (value: Json) => {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return value;
  const keys = Object.keys(value);
  return keys.length === 1 && keys[0] === into && typeof value[into] === 'string' ? value[into] : value;
};

const json = (value: Json | undefined) => `${JSON.stringify(value ?? {}, null, 2)}\n`;

function jsonFormat(spec: FormatSpec) {
  const read = (entry: Json) => spec.texts.reduce((e, { path, into }) => atPath(e, path, textRead(into)), entry);
  const write = (entry: Json | undefined) =>
    spec.texts.reduce((e, { path, into }) => atPath(e, path, textWritten(into)), ordered(prune(entry) ?? {}, spec.keys));
  return {
    fromFile(text: string): Data {
      const parsed = JSON.parse(text) as Json;
      if (spec.root === 'object') return read(parsed) as Data;
      return { items: Array.isArray(parsed) ? parsed.map(read) : [] };
    },
    toFile(data: Data): string {
      if (spec.root === 'object') return json(write(data));
      return json(((data.items ?? []) as Json[]).map(write));
    },
  };
}

function markdownFormat(spec: FormatSpec) {
  return {
    fromFile(text: string): Data {
      const split = readFrontMatter(text);
      if (!split) return { body: text };
      return { ...(split.data as Data), body: split.body.replace(/^\r?\n/, '') };
    },
    toFile(data: Data): string {
      const { body, ...fields } = data;
      const front = ordered(prune(fields) ?? {}, spec.keys);
      const text = typeof body === 'string' ? body.replace(/^\s*\n/, '').replace(/\s*$/, '\n') : '\n';
      return `---\n${stringify(front, { lineWidth: 0 })}---\n\n${text}`;
    },
  };
}

/** The reader and writer of a collection's files. */
export function formatOf(spec: FormatSpec) {
  return spec.root === 'markdown' ? markdownFormat(spec) : jsonFormat(spec);
}
