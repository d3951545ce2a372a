import { content as built } from '#build/data.js';
import type { Content } from './collections.ts';

/**
 * Everything the site shows, as validated by the build (scripts/content.mjs
 * writes dist/content.json from the files of this folder). Nothing is parsed
 * at request time. Server-side only: an island gets what it needs in its props.
 */
export const content = built as unknown as Content;

export const {
  site,
  portfolio,
  team,
  events,
  activities,
  galleries,
  partners,
  testimonials,
  awards,
  faq,
  news,
  jobs,
  services,
  privacy,
  pricing,
  images,
} = content;

export type * from './collections.ts';
export type * from './schema.ts';
