import type { Output, Rule } from './fields';

export interface FieldError {
  field: string;
  code: string;
}

/**
 * Runs a form's rules over what the visitor typed: the clean values, or one
 * error code per field in the rules' order. `across` adds checks that need
 * several fields (run on the raw values; each rule re-checks what it reads).
 */
export function validate<R extends Record<string, Rule<unknown>>>(
  rules: R,
  input: Record<string, unknown>,
  across?: (input: Record<string, unknown>) => FieldError[],
): { ok: true; data: Output<R> } | { ok: false; errors: FieldError[] } {
  const data: Record<string, unknown> = {};
  const errors: FieldError[] = [];
  for (const [field, rule] of Object.entries(rules)) {
    const result = rule(input[field]);
    if (result.ok) data[field] = result.value;
    else errors.push({ field, code: result.code });
  }
  for (const error of across?.(input) ?? []) {
    if (!errors.some((e) => e.field === error.field)) errors.push(error);
  }
  return errors.length === 0 ? { ok: true, data: data as Output<R> } : { ok: false, errors };
}
