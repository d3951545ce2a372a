import type { CmsWords } from './cms-fields.ts';
import { activities, awards, events, faq, galleries, partners, portfolio, team, testimonials } from './cms-lists.ts';
import { jobs, news, privacy, services } from './cms-markdown.ts';
import { pricing, site } from './cms-single.ts';

export { LANGUAGES, MISMATCH } from './cms-fields.ts';

/**
 * What the editor at /cms says about every collection of
 * content/collections.ts, in the order of its menu: labels, hints in plain
 * words, and the page that shows each (content/cms-fields.ts says how).
 * scripts/cms-config.mjs makes Decap's configuration of these words and of
 * the schemas; a collection or a field left out here does not compile.
 */
export const cms: CmsWords = {
  news,
  jobs,
  events,
  team,
  portfolio,
  partners,
  testimonials,
  awards,
  faq,
  galleries,
  activities,
  services,
  pricing,
  site,
  privacy,
};
