import type { CollectionData } from './collection-schema.ts';
import { jsonCollections } from './collections-json.ts';
import { markdownCollections } from './collections-markdown.ts';
import { pricingCollection } from './collections-pricing.ts';

/*
 * Every content collection, each declared once: its name (the same in the
 * files, the build and the pages), its files (the loader) and its schema,
 * in content/collections-json.ts, collections-markdown.ts and
 * collections-pricing.ts by the kind of file it reads. The build
 * (scripts/content.mjs) reads and checks each collection of `collections`,
 * in this order, and writes the result under the same names; the types the
 * pages read are inferred from here. These modules import zod: the Worker
 * and the browser import only their types (`import type`), never their
 * values, so that zod's full build and the schemas stay out of the Worker's
 * bundle.
 */
export const collections = { ...jsonCollections, ...markdownCollections, ...pricingCollection };

// ----------------------------------------------------------- what pages read

/** A built image: the size of its largest output (the page's aspect ratio) and the files the build made from it. */
interface BuiltImage {
  width: number;
  height: number;
  /** The fallback src: JPEG (PNG when it has transparency) at the largest width, or the SVG itself. */
  src: string;
  /** `srcset` per type (AVIF, then WebP), widths ascending; empty for SVG. */
  sources: { type: 'image/avif' | 'image/webp'; srcset: string }[];
}

/**
 * Everything the site shows, validated by the build: each collection under
 * its name, and the images of content/images/ by their path there. Node's
 * renderer gets it from dist/data.js, the Worker from its [site] bucket
 * (worker/render/bucket-data.ts), both typed by dist/data.d.ts (written by the
 * build, which imports this type from here; hence `@public` for knip).
 * @public
 */
export type Content = { [Name in keyof typeof collections]: CollectionData<(typeof collections)[Name]> } & {
  images: Record<string, BuiltImage>;
};

/** One entry of a collection (a list's element, or a single entry itself). */
type EntryOf<Name extends keyof typeof collections> = Content[Name] extends (infer Entry)[] ? Entry : Content[Name];

export type Project = EntryOf<'portfolio'>;
export type Role = EntryOf<'team'>;
export type CampusEvent = EntryOf<'events'>;
export type Partner = EntryOf<'partners'>;
export type Testimonial = EntryOf<'testimonials'>;
export type Award = EntryOf<'awards'>;
export type Article = EntryOf<'news'>;
export type Job = EntryOf<'jobs'>;
export type Service = EntryOf<'services'>;
export type Pricing = EntryOf<'pricing'>;
export type Figure = EntryOf<'site'>['figures'][number];
