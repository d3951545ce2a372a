/**
 * HTML the build made from a content file's Markdown (scripts/content-markdown.mjs):
 * written by the association in content/, never by a visitor.
 */
export function Markdown({ html, className }: { html: string; className?: string }) {
  // biome-ignore lint/security/noDangerouslySetInnerHtml: build-time HTML from the association's own Markdown files.
  return <div className={className} dangerouslySetInnerHTML={{ __html: html }} />;
}
