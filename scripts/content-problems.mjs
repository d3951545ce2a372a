// What the content build says when something is wrong: one problem per
// mistake, naming the file, the line where it can, the field, and what to
// write instead, in plain words. The people who edit content/ are not
// developers: nothing here passes on a parser's or a validator's own wording.
// Used by scripts/content.mjs; printed by the build and `npm run
// content:check` (as GitHub annotations in the pipeline).
import { LineCounter, parseDocument } from 'yaml';
import { z } from 'zod';
import { SLUG } from '../content/ids.ts';

/** One mistake: where (file, line, field) and what to do. */
export class Problem {
  /** @param {{ file: string, line?: number, field?: string, message: string }} p */
  constructor({ file, line, field, message }) {
    this.file = file;
    this.line = line;
    this.field = field;
    this.message = message;
  }

  /** `content/team.json:14: "president" › members › #1: …`, as a terminal or an editor links it. */
  toString() {
    return `${this.file}${this.line ? `:${this.line}` : ''}: ${this.field ? `${this.field}: ` : ''}${this.message}`;
  }
}

// ---------------------------------------------------------------- fields

/**
 * A field's place in plain words: `"president" › members › #1` for the first
 * member of the entry whose id is "president". Entries of a list are named by
 * their id when they have one, and everything counts from 1.
 */
export function fieldName(path, data) {
  const parts = [];
  let value = data;
  for (const key of path) {
    if (typeof key === 'number') {
      // By its id when that names it alone (a well-formed id no other entry has), else by its place.
      const id = value?.[key]?.id;
      const alone = typeof id === 'string' && SLUG.test(id) && value.filter((e) => e?.id === id).length === 1;
      parts.push(parts.length === 0 && alone ? `"${id}"` : `#${key + 1}`);
    } else parts.push(String(key));
    value = value?.[key];
  }
  return parts.join(' › ');
}

/** What a value must be, in words. */
const KINDS = {
  string: 'a text',
  number: 'a number, e.g. 12',
  int: 'a whole number, e.g. 12',
  boolean: 'true or false',
  array: 'a list, between [ and ]',
  object: 'a group of fields, between { and }',
};

/** The fields a group may hold, when the validator knows them (for "is not a field here"). */
function fieldsOf(schema) {
  const shape = schema?._zod?.def?.shape;
  return shape ? Object.keys(shape) : [];
}

/**
 * Zod's issues in plain words: the build's default messages (a schema's own
 * message, e.g. the prices', comes first). Installed once for the processes
 * that validate content (never in the Worker, which does not import this).
 */
function plainIssue(issue) {
  const bilingual = ['fr', 'en'].every((k) => fieldsOf(issue.inst).includes(k));
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined) {
        if (bilingual) return 'is missing: write it in both languages, { "fr": "…", "en": "…" }';
        return issue.expected === 'string' ? 'is missing: write it' : `is missing: add it (${KINDS[issue.expected] ?? issue.expected})`;
      }
      if (issue.input === null) return `is empty (null): write ${KINDS[issue.expected] ?? issue.expected}, or remove the line`;
      return `must be ${KINDS[issue.expected] ?? issue.expected}${bilingual ? ' with the text in both languages, { "fr": "…", "en": "…" }' : ''}`;
    case 'too_small':
      if (issue.origin === 'string')
        return issue.minimum <= 1 ? 'is empty: write the text' : `is too short: at least ${issue.minimum} characters`;
      if (issue.origin === 'array')
        return issue.exact
          ? `must hold exactly ${issue.minimum} entries`
          : `needs at least ${issue.minimum} entr${issue.minimum === 1 ? 'y' : 'ies'}`;
      return `must be ${issue.inclusive ? 'at least' : 'more than'} ${issue.minimum}`;
    case 'too_big':
      if (issue.origin === 'string') return `is too long: at most ${issue.maximum} characters`;
      if (issue.origin === 'array')
        return issue.exact ? `must hold exactly ${issue.maximum} entries` : `holds too many entries: at most ${issue.maximum}`;
      return `must be ${issue.inclusive ? 'at most' : 'less than'} ${issue.maximum}`;
    case 'invalid_format':
      if (issue.format === 'date') return `"${issue.input}" is not a date: write it as year-month-day, e.g. 2026-11-20`;
      if (issue.format === 'email') return `"${issue.input}" is not an e-mail address: write it like contact@example.ch`;
      if (issue.format === 'url') return `"${issue.input}" is not a web address: write it in full, starting with https://`;
      return `"${issue.input}" is not written as expected here`;
    case 'invalid_value':
      if (issue.values.length === 1) return `must be ${JSON.stringify(issue.values[0])}`;
      return `"${String(issue.input)}" is not one of the choices: ${issue.values.map((v) => JSON.stringify(v)).join(', ')}`;
    case 'unrecognized_keys': {
      const known = fieldsOf(issue.inst);
      return `${issue.keys.map((k) => `"${k}"`).join(', ')} ${issue.keys.length === 1 ? 'is not a field' : 'are not fields'} here: remove ${issue.keys.length === 1 ? 'it' : 'them'}, or check the spelling${known.length ? ` (the fields are: ${known.join(', ')})` : ''}`;
    }
    case 'invalid_union':
      return 'is not written in a form this field accepts';
    default:
      return undefined;
  }
}
z.config({ customError: plainIssue });

/** Each issue of a failed validation as a Problem, with its line when `locate` finds it. */
export function zodProblems({ file, error, data, locate = () => undefined }) {
  return error.issues.map((issue) => {
    // An unknown field is reported on the field itself, so the line points at it.
    const path = issue.code === 'unrecognized_keys' && issue.keys.length === 1 ? [...issue.path, issue.keys[0]] : issue.path;
    return new Problem({ file, line: locate(path), field: fieldName(issue.path, data) || undefined, message: issue.message });
  });
}

// ---------------------------------------------------------------- lines

/**
 * A function from a field's path to its line in `text` (JSON or YAML), or
 * the line of the closest group that holds it (a missing field: the entry
 * it is missing from). `firstLine` is the text's first line in its file.
 */
export function locator(text, firstLine = 1) {
  // Parsed again with positions only when a problem needs its line: a build without mistakes never pays for it.
  let doc;
  const lines = new LineCounter();
  const line = (node) => lines.linePos(node.range[0]).line + firstLine - 1;
  return (path) => {
    doc ??= parseDocument(text, { lineCounter: lines, keepSourceTokens: false });
    // The deepest part of the path that is written: a field by its name's line, a list's entry by its own.
    for (let n = path.length; n > 0; n--) {
      const parent = n === 1 ? doc.contents : doc.getIn(path.slice(0, n - 1), true);
      const key = path[n - 1];
      if (typeof key === 'number') {
        const item = parent?.items?.[key];
        if (item?.range) return line(item);
        continue;
      }
      const pair = parent?.items?.find?.((item) => item?.key?.value === key);
      if (pair?.key?.range) return line(pair.key);
    }
    return doc.contents?.range ? line(doc.contents) : undefined;
  };
}

// ---------------------------------------------------------------- JSON

/** The line of a character offset. */
const lineAt = (text, offset) => text.slice(0, offset).split('\n').length;

/** A JSON file that does not parse: where, and what usually causes it. */
export function jsonSyntaxProblem(file, text, error) {
  const at = /at position (\d+)/.exec(error.message);
  const offset = at ? Number(at[1]) : undefined;
  const before = offset === undefined ? '' : text.slice(0, offset).trimEnd();
  const next = offset === undefined ? '' : text[offset];
  let message;
  if (!text.trim()) message = 'is empty: a list file holds at least [ ] (an empty list)';
  else if (/Unexpected end of JSON input/.test(error.message))
    message = 'ends too early: a closing ] or } is missing at the end (or a text misses its closing double quote)';
  else if (/Bad control character/.test(error.message))
    message = 'a text goes over two lines: write it on one line (or write \\n for a line break)';
  else if (/Unterminated string/.test(error.message)) message = 'a text misses its closing double quote "';
  else if (/Expected double-quoted property name/.test(error.message) && /[}\]]/.test(next ?? ''))
    message = 'a comma after the last field of a group: remove it';
  else if (/after (property value|array element)/.test(error.message)) {
    message =
      before.endsWith('"') && /[\p{L}\p{N}]/u.test(next ?? '')
        ? 'a double quote inside a text ends it too early: write « » or “ ” instead, or put \\ before it (\\")'
        : 'a comma is missing here, between two fields or two entries';
  } else if (/Expected property name/.test(error.message))
    message = 'a field name must be between double quotes, e.g. "title" (not \'title\' or title)';
  else if (/Unexpected token '?[\]}]/.test(error.message)) message = 'a comma after the last entry of a list: remove it';
  else message = 'is not valid JSON here: check the commas and the double quotes around this line';
  // Without a position (a trailing comma in a list), the first `,` followed by `]` or `}`.
  const line =
    offset !== undefined
      ? lineAt(text, offset)
      : (() => {
          const m = /,\s*[\]}]/.exec(text);
          return m ? lineAt(text, m.index) : undefined;
        })();
  return new Problem({ file, line, message });
}

// ---------------------------------------------------------------- YAML

/** A front matter that does not parse, from the yaml library's error. `firstLine`: the front matter's first line in the file. */
export function yamlProblem(file, error, firstLine) {
  const line = error.linePos?.[0]?.line ? error.linePos[0].line + firstLine - 1 : undefined;
  const messages = {
    DUPLICATE_KEY: 'this field is written twice: keep one',
    TAB_AS_INDENT: 'a tab at the start of the line: indent with spaces',
    BAD_INDENT: 'the indentation is off: the fields of a list entry line up under its first one',
    BAD_DQ_ESCAPE: 'a backslash \\ in a text between double quotes: write \\\\ for one, or use single quotes around the text',
    MISSING_CHAR: 'a closing quote or bracket is missing on this line',
    MULTILINE_IMPLICIT_KEY: 'a field runs over two lines: write "name: value" on one line, or the value between double quotes',
    BLOCK_AS_IMPLICIT_KEY: 'this line cannot be read as "name: value": put the value between double quotes',
  };
  return new Problem({
    file,
    line,
    message:
      messages[error.code] ??
      'the fields at the top (between the two --- lines) cannot be read here: each line is "name: value"; put a value that starts with a special character (" \' [ { & * ! | > % @) between double quotes',
  });
}
