/**
 * Reads a form post: JSON, urlencoded or multipart, never more than `maxBytes`
 * (checked while reading, whatever Content-Length claims). Repeated fields
 * (targetLanguages) become arrays.
 */
export const BODY_LIMIT = 32 * 1024;

export type ParseResult =
  | { ok: true; fields: Record<string, unknown>; kind: 'json' | 'form' }
  | { ok: false; status: 400 | 413 | 415; reason: string };

export async function parseBody(request: Request, arrayFields: string[], maxBytes = BODY_LIMIT): Promise<ParseResult> {
  const type = (request.headers.get('Content-Type') ?? '').split(';')[0]!.trim().toLowerCase();
  const kind = type === 'application/json' ? 'json' : type === 'application/x-www-form-urlencoded' || type === 'multipart/form-data' ? 'form' : null;
  if (!kind) return { ok: false, status: 415, reason: `unsupported content type "${type}"` };
  const declared = Number(request.headers.get('Content-Length') ?? '0');
  if (declared > maxBytes) return { ok: false, status: 413, reason: `declared ${declared} bytes` };

  const bytes = await readCapped(request, maxBytes);
  if (!bytes) return { ok: false, status: 413, reason: 'body over the limit' };

  try {
    if (type === 'application/json') {
      const data: unknown = JSON.parse(new TextDecoder().decode(bytes));
      if (!data || typeof data !== 'object' || Array.isArray(data)) return { ok: false, status: 400, reason: 'JSON body is not an object' };
      return { ok: true, kind, fields: data as Record<string, unknown> };
    }
    const form =
      type === 'multipart/form-data'
        ? await new Request(request.url, { method: 'POST', headers: request.headers, body: bytes }).formData()
        : new URLSearchParams(new TextDecoder().decode(bytes));
    const fields: Record<string, unknown> = {};
    for (const [key, value] of form.entries()) {
      if (typeof value !== 'string') continue; // files are never accepted
      if (arrayFields.includes(key)) fields[key] = [...((fields[key] as string[] | undefined) ?? []), value];
      else if (!(key in fields)) fields[key] = value;
    }
    return { ok: true, kind, fields };
  } catch (error) {
    return { ok: false, status: 400, reason: `malformed body: ${(error as Error).message}` };
  }
}

async function readCapped(request: Request, maxBytes: number): Promise<Uint8Array<ArrayBuffer> | null> {
  if (!request.body) return new Uint8Array(new ArrayBuffer(0));
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  const out = new Uint8Array(new ArrayBuffer(total));
  let offset = 0;
  for (const c of chunks) {
    out.set(c, offset);
    offset += c.byteLength;
  }
  return out;
}
