// Types of ./server.mjs, for the test that uses it (tests/node/deployed-worker.test.ts).
export function startServer(options?: { env?: Record<string, string> }): Promise<{ base: string; stop(): Promise<void> }>;
