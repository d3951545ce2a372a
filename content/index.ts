/**
 * Everything the site shows, as validated by the build (scripts/content.mjs
 * checks the files of this folder against content/collections.ts and writes
 * dist/data.js; the Worker reads the same from its [site] bucket,
 * worker/render/bucket-data.ts): `content`, and each collection by its name
 * (`site`, `team`, `news`, …, and `images`). Nothing is validated at request
 * time, and nothing here imports zod: the types come from the schemas, the
 * values from the build. Server-side only: an island gets what it needs in
 * its props.
 */
export * from '#build/collections.js';
export { content } from '#build/data.js';
export type * from './collection-schema.ts';
export type * from './collections.ts';
