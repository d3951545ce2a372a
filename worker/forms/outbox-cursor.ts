import type { PageKey } from './outbox-pages';

/**
 * Outside the Worker, where a page of the outbox's list ended
 * (./outbox-pages.ts) is a cursor: opaque text (base64url of JSON) that the
 * list hands out and takes back (worker/routes/admin-api.ts). A cursor that
 * comes back is checked before anything reads it: its length first, then
 * every step once, in linear time (no regular expression that could
 * backtrack). Apart from the paging itself, which runs in the outbox's
 * object: the admin API needs only this.
 */

/** A cursor longer than this is wrong without being read (a real one is about 90 characters). */
const CURSOR_MAX = 200;
const BASE64URL = /^[A-Za-z0-9_-]+$/;
/** How `created` is written (new Date().toISOString()) and what an id is (crypto.randomUUID()). */
const CREATED = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export function encodeCursor(key: PageKey): string {
  return btoa(JSON.stringify([key.created, key.id]))
    .replaceAll('+', '-')
    .replaceAll('/', '_')
    .replaceAll('=', '');
}

/** The page key a cursor stands for, or null for anything that is not a cursor this outbox handed out. */
export function decodeCursor(text: string): PageKey | null {
  if (text.length === 0 || text.length > CURSOR_MAX || !BASE64URL.test(text)) return null;
  let value: unknown;
  try {
    value = JSON.parse(atob(text.replaceAll('-', '+').replaceAll('_', '/')));
  } catch {
    return null;
  }
  if (!Array.isArray(value) || value.length !== 2) return null;
  const [created, id] = value as unknown[];
  if (typeof created !== 'string' || typeof id !== 'string' || !CREATED.test(created) || !ID.test(id)) return null;
  return { created, id };
}
