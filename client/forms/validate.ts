import type { z } from 'zod';

export interface FieldError {
  field: string;
  code: string;
}

/** Runs a shared schema and returns its data, or one error code per field (the first). */
export function validate<S extends z.ZodType>(schema: S, input: unknown): { ok: true; data: z.infer<S> } | { ok: false; errors: FieldError[] } {
  const result = schema.safeParse(input);
  if (result.success) return { ok: true, data: result.data };
  const seen = new Set<string>();
  const errors: FieldError[] = [];
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? 'form');
    if (seen.has(field)) continue;
    seen.add(field);
    errors.push({ field, code: /^[a-z_]+$/.test(issue.message) ? issue.message : 'invalid' });
  }
  return { ok: false, errors };
}
