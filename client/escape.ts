const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/**
 * The one escaper for text put into HTML or XML by hand (React escapes what it
 * renders): element content and quoted attributes alike. Used by the e-mail
 * signature, the sitemap and the JSON-LD job descriptions.
 *
 * @example escapeHtml('<b>"Tom & Jerry"</b>') // '&lt;b&gt;&quot;Tom &amp; Jerry&quot;&lt;/b&gt;'
 */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => ESCAPES[ch]!);
}
