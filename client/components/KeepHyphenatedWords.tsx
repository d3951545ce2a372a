/**
 * Text whose hyphenated words never break at their hyphen: a title reads
 * "e-mail", never "e-" at the end of a line and "mail" on the next, at any
 * width. Each such word goes in a `white-space: nowrap` span (`.nowrap`,
 * client/styles/components.css); the text itself is unchanged, a plain hyphen
 * for search, copying and screen readers (the no-break hyphen, U+2011, is not
 * in the site's font: another font would draw it).
 *
 * @example <KeepHyphenatedWords text="Générateur de signature e-mail" /> // …signature <span class="nowrap">e-mail</span>
 */
export function KeepHyphenatedWords({ text }: { text: string }) {
  // One span around it all: in a flex button (icon, gap, text) the text stays one item, wrapping as text does.
  // Split at white space, kept: the words sit at even indexes, in order, so the index is a stable key.
  return (
    <span>
      {text.split(/(\s+)/).map((part, i) =>
        i % 2 === 0 && /\p{L}-\p{L}/u.test(part) ? (
          <span key={part + String(i)} className="nowrap">
            {part}
          </span>
        ) : (
          part
        ),
      )}
    </span>
  );
}
