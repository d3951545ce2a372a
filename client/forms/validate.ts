import * as z from 'zod/mini';

export interface FieldError {
  field: string;
  code: string;
}

/** One error code per field (the first issue wins); a message that is not a code reads as 'invalid'. */
export function fieldErrors(issues: readonly z.core.$ZodIssue[]): FieldError[] {
  const seen = new Set<string>();
  const errors: FieldError[] = [];
  for (const issue of issues) {
    const field = String(issue.path[0] ?? 'form');
    if (seen.has(field)) continue;
    seen.add(field);
    errors.push({ field, code: /^[a-z_]+$/.test(issue.message) ? issue.message : 'invalid' });
  }
  return errors;
}

/** Runs a shared schema and returns its data, or one error code per field. */
export function validate<S extends z.core.$ZodType>(schema: S, input: unknown): { ok: true; data: z.output<S> } | { ok: false; errors: FieldError[] } {
  const result = z.safeParse(schema, input);
  return result.success ? { ok: true, data: result.data } : { ok: false, errors: fieldErrors(result.error.issues) };
}
