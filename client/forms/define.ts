import type { Locale, MessageKey, Translate } from '../i18n';
import type { PageId } from '../paths';
import type { Rule } from './fields';
import type { FormState, OwnMessages } from './state';
import type { FieldError } from './validate';

/** A field as stored and mailed: what the schema gave (a string, a count, a list). */
export type FieldValue = string | number | string[];

/**
 * What a form's island and the server share: the form's name (its outbox
 * rows, its rate-limit key, `?sent=<name>` and the `#<name>-form` anchor),
 * where it posts, and its fields' rules, in the order the visitor fills them.
 */
export interface FormSchema<Rules extends Record<string, Rule<unknown>> = Record<string, Rule<unknown>>> {
  name: string;
  endpoint: `/api/${string}`;
  rules: Rules;
  /** A check across fields, run even when a field failed (as the island does). */
  across?: (input: Record<string, unknown>) => FieldError[];
  texts: {
    /** The notice above a form the server refused. */
    failureTitle: MessageKey;
    /** The success screen's text. */
    success: MessageKey;
    /** Error codes this form words its own way, or that only its rules give (with the values their message names). */
    errors?: OwnMessages;
  };
}

/** One line of an e-mail: a labelled value, or a paragraph. */
export interface MailLine {
  label?: string;
  value: string;
}

/** A submission as its e-mails see it. */
export interface Sent<Result> {
  id: string;
  locale: Locale;
  created: string;
  fields: Record<string, FieldValue>;
  /** What the form computed on the server (`compute`), as stored with the submission. */
  result?: Result;
}

/** A value of the admin export's CSV. */
type ExportValue = string | number | boolean | undefined;

/**
 * The server's side of a form: its pages, texts, server step, e-mails, and
 * what it adds to the admin export. Whatever reads its result (`compute`'s)
 * is a method: a form of any result is then an `AnyForm`, and the generic
 * code (worker/forms/), which stores that result as JSON, hands each form
 * back the result its own `compute` made.
 */
export interface FormDefinition<Rules extends Record<string, Rule<unknown>>, Result extends object> extends FormSchema<Rules> {
  /** Pages that show the form; a post without JavaScript comes back to the one it was sent from (the first by default). */
  pages: readonly [PageId, ...PageId[]];
  /**
   * A step after validation: what the visitor asked for, computed (stored,
   * answered and mailed with the submission). Plain data, as JSON holds it:
   * the outbox stores it so, and the answer sends its fields.
   */
  compute?: (fields: Record<string, FieldValue>) => Result | undefined;
  /** The form's state from the page's query, e.g. a topic another page started (`?topic=proofreading`). */
  fromQuery?: (query: URLSearchParams, t: Translate) => FormState | undefined;
  /** A computed result as the visitor reads it, in the JSON answer. */
  formatResult?(result: Result, t: Translate): string;
  mails: {
    /** To the association, in French, with every field: its subject, lines, and the visitor's name for Reply-To. */
    association(sent: Sent<Result>, t: Translate): { subject: string; lines: MailLine[]; name?: string };
    /** The visitor's confirmation, in their language: never anything they typed (none: the site's own confirmation alone). */
    visitor?(sent: Sent<Result>, t: Translate): { subject: string; lines: MailLine[] };
  };
  /** The columns it adds to the admin export, after every form's fields: their names, and their values read from a result. */
  resultColumns?: { names: readonly string[]; values(result: Result): readonly ExportValue[] };
  /** How the maintainers' alerts name the form ("contact form"), in English like the rest of the alerts. */
  alertName: string;
}

/** Any form, its result's type left open: what the generic code (worker/forms/) takes. */
export type AnyForm = FormDefinition<Record<string, Rule<unknown>>, object>;

/** Declares a form (types only: the object is the form). */
export function defineForm<Rules extends Record<string, Rule<unknown>>, Result extends object = never>(
  form: FormDefinition<Rules, Result>,
): FormDefinition<Rules, Result> {
  return form;
}
