// Markdown entries of content/: front matter (YAML) and body (HTML, with the
// ids of its headings and a reading time). Used by scripts/content.mjs.
import { Marked } from 'marked';
import { parse as parseYaml } from 'yaml';
import { frenchTypography } from '../content/typography.ts';

const WORDS_PER_MINUTE = 200;

/** Headings get ids from their text, so a table of contents can link them. */
function slugify(text) {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/<[^>]*>/g, '')
    .replace(/&[a-z#0-9]+;/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/**
 * Markdown to HTML, collecting the `##` headings (with their ids) for a table
 * of contents. French text gets French typography (content/typography.ts):
 * its text only, never code, a link's address or raw HTML.
 */
export function renderMarkdown(body, locale) {
  const headings = [];
  /** The last character of text met so far, in reading order: a quote after it opens or closes. */
  let previous = '';
  const marked = new Marked({
    gfm: true,
    walkTokens(token) {
      if (locale !== 'fr') return;
      // Leaf text only (a text token with children is rendered from them); code is read, never changed.
      if (token.type === 'text' && !token.tokens) token.text = frenchTypography(token.text, previous);
      if ((token.type === 'text' && !token.tokens) || token.type === 'codespan') previous = token.text.slice(-1) || previous;
      else if (token.type === 'paragraph' || token.type === 'heading' || token.type === 'list_item') previous = '';
    },
    renderer: {
      heading({ tokens, depth }) {
        const html = this.parser.parseInline(tokens);
        const plain = html.replace(/<[^>]*>/g, '');
        const id = slugify(plain);
        if (depth === 2) headings.push({ id, text: plain });
        return `<h${depth} id="${id}">${html}</h${depth}>\n`;
      },
    },
  });
  const html = marked.parse(body, { async: false }).trim();
  const words = html
    .replace(/<[^>]*>/g, ' ')
    .split(/\s+/)
    .filter(Boolean).length;
  return { html, headings, readingMinutes: Math.max(1, Math.round(words / WORDS_PER_MINUTE)) };
}

/** A quoted YAML scalar that closes at the end of its value (linear: no overlapping alternatives). */
const QUOTED = /^(?:"(?:[^"\\]|\\.)*"|'(?:[^']|'')*')$/;
/** What cannot start a plain YAML value but may start a text typed by hand: quotes, @, `, %, *, &, !, #. */
const SPECIAL_START = /^["'@`%*&!#]/;

/**
 * Front matter typed as people type. YAML reads ": " inside a value as the
 * start of another field ("title: Assemblée générale : un nouveau comité"
 * fails), " #" as the start of a comment (silently cutting "Sujet #1"), and a
 * value that starts with a quote as a quoted text that must end there. A
 * value written on one line after "name: " (or a list item after "- ") that
 * would be read so is quoted before parsing, as its author meant it: text.
 * Lists and groups ([…], {…}) and multi-line texts (| and >) are left as
 * written. Each line keeps its number, so errors still point at it.
 */
export function quoteTypedValues(yaml) {
  /** Inside a multi-line text (after "name: |" or "name: >"): the indentation of its field, or -1 outside. */
  let block = -1;
  return yaml
    .split('\n')
    .map((line) => {
      // Spaces and tabs only, here and below: a no-break space (French typography) is part of a value.
      const indent = /^[ \t]*/.exec(line)[0].length;
      if (block >= 0 && (line.trim() === '' || indent > block)) return line;
      block = -1;
      const field = /^([ \t]*(?:-[ \t]+)?[A-Za-z][\w]*:[ \t]+)([^ \t].*)$/.exec(line) ?? /^([ \t]*-[ \t]+)([^ \t].*)$/.exec(line);
      if (!field) return line;
      const [, head, typed] = field;
      const value = typed.replace(/[ \t]+$/, '');
      if (/^[|>]/.test(value)) block = indent;
      if (/^[[{|>]/.test(value) || QUOTED.test(value)) return line;
      const misread = SPECIAL_START.test(value) || value.includes(': ') || value.includes(' #') || value.endsWith(':');
      return misread ? `${head}${JSON.stringify(value)}` : line;
    })
    .join('\n');
}

/**
 * `---\n<yaml>\n---\n<markdown>`: the fields (`data`), the body, and where
 * the front matter is (its text and first line, for error lines). Throws the
 * yaml library's error when the front matter cannot be read even so.
 */
export function splitFrontMatter(source) {
  const m = source.replace(/^\uFEFF/, '').match(/^---\r?\n([\s\S]*?)\r?\n---\r?\n?([\s\S]*)$/);
  if (!m) return null;
  const yaml = quoteTypedValues(m[1].replace(/\r\n/g, '\n'));
  return { data: parseYaml(yaml, { uniqueKeys: true }) ?? {}, body: m[2], yaml, firstLine: 2 };
}
