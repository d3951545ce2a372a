import type { ReactNode } from 'react';
import { describe, Field } from './ui';

/**
 * A form island's own fields, each tied to its form (./use-form.ts): a
 * labelled input, text area or list, its value kept as typed, checked by the
 * form's rules when it loses focus, its error said with it to screen readers.
 */

type Values = Record<string, string | string[]>;

/** What a field needs of its island's form. */
interface FormFields<V extends Values> {
  id: string;
  values: V;
  setValues: (update: (values: V) => V) => void;
  errors: Record<string, string>;
  blur: { later: (check: () => void) => void };
  check: (only?: keyof V & string) => unknown;
}

interface FieldProps<V extends Values> {
  form: FormFields<V>;
  /** Its name in the form's rules and in the post. */
  name: keyof V & string;
  label: string;
  /** What its id ends with, when not its name. */
  slug?: string;
  required?: boolean;
  /** For a change that does more than keep the value (the pricer's count, its languages). */
  onValue?: (value: string) => void;
}

/** The field's id, error and value, kept as typed, and its check on blur. */
function bind<V extends Values>({ form, name, slug = name, onValue }: FieldProps<V>) {
  const id = `${form.id}${slug}`;
  const error = form.errors[name];
  const keep = (value: string) => (onValue ? onValue(value) : form.setValues((v) => ({ ...v, [name]: value }) as V));
  return {
    id,
    error,
    control: {
      value: form.values[name] as string,
      onChange: (e: { target: { value: string } }) => keep(e.target.value),
      onBlur: () => form.blur.later(() => form.check(name)),
      ...describe(id, error),
    },
  };
}

/** A one-line field. `live`: its error shows as the visitor types. */
export function TextInput<V extends Values>(
  props: FieldProps<V> & { type: string; inputMode?: 'numeric'; autoComplete: string; maxLength: number; live?: boolean },
) {
  const { id, error, control } = bind(props);
  return (
    <Field id={id} label={props.label} error={error} live={props.live}>
      <input
        id={id}
        name={props.name}
        type={props.type}
        inputMode={props.inputMode}
        autoComplete={props.autoComplete}
        required={props.required ?? true}
        maxLength={props.maxLength}
        {...control}
      />
    </Field>
  );
}

/** A text of several lines; `hint` under it (`hintId`: its id, which the text area names as its description). */
export function TextArea<V extends Values>(props: FieldProps<V> & { rows: number; maxLength: number; hint?: ReactNode; hintId?: string }) {
  const { id, error, control } = bind(props);
  return (
    <Field id={id} label={props.label} error={error} hint={props.hint}>
      <textarea
        id={id}
        name={props.name}
        rows={props.rows}
        required={props.required ?? true}
        maxLength={props.maxLength}
        {...control}
        {...describe(id, error, props.hintId)}
      />
    </Field>
  );
}

/** One choice from a list, `placeholder` first (no choice yet). */
export function Choice<V extends Values>(props: FieldProps<V> & { placeholder: string; options: { value: string; label: string }[] }) {
  const { id, error, control } = bind(props);
  return (
    <Field id={id} label={props.label} error={error}>
      <select id={id} name={props.name} required={props.required ?? true} {...control}>
        <option value="">{props.placeholder}</option>
        {props.options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </Field>
  );
}
