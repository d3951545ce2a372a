declare module '__STATIC_CONTENT_MANIFEST' {
  /** JSON: path in the [site] bucket -> content-hashed KV key. */
  const manifest: string;
  export default manifest;
}
