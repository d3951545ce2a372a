import { z } from 'zod';

/** A text in both languages, side by side: adding a translation is never optional. */
export const localized = z.object({ fr: z.string().trim().min(1), en: z.string().trim().min(1) }).strict();
export type Localized = z.infer<typeof localized>;

/** Paragraphs in both languages. */
export const localizedParagraphs = z
  .object({ fr: z.array(z.string().trim().min(1)).min(1), en: z.array(z.string().trim().min(1)).min(1) })
  .strict();

export const slug = z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'lower-case words joined by hyphens');
export const isoDate = z.iso.date();

/** Entries of a collection must have unique slugs: a duplicate would hide a page. */
export function uniqueBy<T>(key: (item: T) => string) {
  return (items: T[], ctx: z.RefinementCtx) => {
    const seen = new Set<string>();
    for (const item of items) {
      const k = key(item);
      if (seen.has(k)) ctx.addIssue({ code: 'custom', message: `duplicate slug "${k}"` });
      seen.add(k);
    }
  };
}
