import manifest from '#build/manifest.js';
import type { AssetManifest } from '#client/components/page-context.tsx';

/** The client build's output (scripts/build.mjs): hashed CSS, entry and island chunks. */
export const assetManifest: AssetManifest = manifest;
