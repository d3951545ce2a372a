declare module '__STATIC_CONTENT_MANIFEST' {
  /** JSON: path in the [site] bucket -> content-hashed KV key. */
  const manifest: string;
  export default manifest;
}

declare module '#build/data.js' {
  /** dist/content.json, checked by the build against content/schema.ts (content/index.ts gives it its type). */
  export const content: unknown;
  /** locales/*.json, each parsed by its call. */
  export const messages: { fr: () => typeof import('../locales/fr.json'); en: () => typeof import('../locales/en.json') };
}
