/**
 * A `mailto:` link with the subject and body already written, for visitors
 * who cannot pass the anti-robot check (no JavaScript, a blocker, Turnstile
 * down): they send the same request from their own mail app instead. Mail
 * clients and some browsers cut long links, so the whole link stays under
 * MAILTO_MAX characters; a cut body ends with "…".
 *
 * @example mailtoHref('contact@jeepfl.ch', 'Demande de contact', 'Bonjour') // 'mailto:contact@jeepfl.ch?subject=Demande%20de%20contact&body=Bonjour'
 */
const MAILTO_MAX = 2000;
const SUBJECT_MAX = 120;

export function mailtoHref(address: string, subject: string, body = ''): string {
  const head = `mailto:${address}?subject=${encode(subject.slice(0, SUBJECT_MAX))}`;
  if (!body) return head;
  const room = MAILTO_MAX - head.length - '&body='.length;
  const full = encode(body);
  if (full.length <= room) return `${head}&body=${full}`;
  const ellipsis = encode('…');
  let out = '';
  for (const char of wellFormed(body)) {
    const piece = encodeURIComponent(char);
    if (out.length + piece.length + ellipsis.length > room) break;
    out += piece;
  }
  return `${head}&body=${out}${ellipsis}`;
}

/** encodeURIComponent throws on a lone surrogate: replace those first. */
const encode = (text: string) => encodeURIComponent(wellFormed(text));
const wellFormed = (text: string) => text.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd');
