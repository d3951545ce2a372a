/**
 * How a form island sends its request: as JSON, to the form's endpoint
 * (docs/forms.md), and what the answer means for it.
 */

export type PostResult<T> =
  | { kind: 'ok'; body: T }
  | { kind: 'invalid'; errors: Record<string, string>; codes: string[] }
  | { kind: 'failed'; status: number };

/** Posts a form as JSON and sorts the answer: accepted, field errors (400), or any other failure. */
export async function postForm<T extends { ok: boolean }>(endpoint: string, payload: unknown): Promise<PostResult<T>> {
  try {
    const res = await fetch(endpoint, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify(payload),
    });
    const body = (await res.json().catch(() => null)) as (T & { errors?: { field: string; code: string; message: string }[] }) | null;
    if (res.ok && body?.ok) return { kind: 'ok', body };
    if (res.status === 400 && body?.errors?.length) {
      return {
        kind: 'invalid',
        errors: Object.fromEntries(body.errors.map((e) => [e.field, e.message])),
        codes: body.errors.map((e) => e.code),
      };
    }
    return { kind: 'failed', status: res.status };
  } catch {
    return { kind: 'failed', status: 0 };
  }
}
