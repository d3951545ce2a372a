import type { AssetManifest } from '#client/components/page-context.tsx';
import manifest from '#build/manifest.json';

/** The client build's output (scripts/build.mjs): hashed CSS, entry and island chunks. */
export const assetManifest: AssetManifest = manifest;
