// Types of ./load.mjs, for the tests that use it (tests/node/lazy-renderer.test.ts).
export function staticManifest(publicDir: string): Promise<Record<string, string>>;
export function loadableWorker(from: string, to: string, publicDir: string): Promise<string>;
export function folderKV(publicDir: string): {
  get(key: string, type?: string | { type: string }): Promise<unknown>;
  getWithMetadata(key: string, type?: string): Promise<{ value: unknown; metadata: null }>;
  list(): Promise<{ keys: never[]; list_complete: true }>;
};
export const emptyKV: {
  get(): Promise<null>;
  getWithMetadata(): Promise<{ value: null; metadata: null }>;
  list(): Promise<{ keys: never[]; list_complete: true }>;
};
