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

/** `---\n<yaml>\n---\n<markdown>`. */
export function splitFrontMatter(source) {
  const m = source.replace(/^\uFEFF/, '').match(/^---\r?\n([\s\S]*?)\r?\n---\r?\n?([\s\S]*)$/);
  if (!m) return null;
  return { data: parseYaml(m[1]) ?? {}, body: m[2] };
}
