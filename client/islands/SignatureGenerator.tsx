import { useEffect, useId, useState } from 'react';
import { callablePhone } from '../phone';
import { SIGNATURE_FIELD_MAX, type SignatureFields, type SignatureOrg, signature } from '../signature';

export { SIGNATURE_FIELD_MAX, type SignatureFields } from '../signature';

export interface SignatureGeneratorProps {
  /** `html`: desktop page, rich preview beside the form; `phone`: one column, and the plain text too. */
  variant: 'html' | 'phone';
  labels: {
    name: string;
    role: string;
    phone: string;
    phoneNotCallable: string;
    email: string;
    preview: string;
    plainText: string;
    plainTextHint: string;
    update: string;
    copy: string;
    copied: string;
    copyFailed: string;
    namePlaceholder: string;
    rolePlaceholder: string;
    phonePlaceholder: string;
    emailPlaceholder: string;
  };
  org: SignatureOrg;
  /** Values from the query string, so the form also works without JavaScript. */
  initial: SignatureFields;
}

type Status = 'idle' | 'copied' | 'failed';

/** The form's fields, in order: each one's name, input type, autofill and keyboard (its placeholder is `<name>Placeholder`). */
const FIELDS: [name: keyof SignatureFields, type: string, autoComplete: string, inputMode?: 'tel' | 'email'][] = [
  ['name', 'text', 'name'],
  ['role', 'text', 'organization-title'],
  ['phone', 'tel', 'tel', 'tel'],
  ['email', 'email', 'email', 'email'],
];

/** Rich HTML and plain text in one clipboard item; plain text alone where the browser offers no more. */
async function copyToClipboard({ html, text }: { html: string; text: string }): Promise<void> {
  if (typeof ClipboardItem !== 'undefined' && navigator.clipboard?.write) {
    try {
      await navigator.clipboard.write([
        new ClipboardItem({
          'text/html': new Blob([html], { type: 'text/html' }),
          'text/plain': new Blob([text], { type: 'text/plain' }),
        }),
      ]);
      return;
    } catch (error) {
      // Some browsers refuse rich items (or this MIME type) but still take text: try that before giving up.
      console.warn('Rich copy refused, copying plain text', error);
    }
  }
  await navigator.clipboard.writeText(text);
}

/**
 * The association's e-mail signature, previewed as the visitor types, copied
 * with one button. Without JavaScript the form submits with GET and the
 * server renders the same preview from the same `signature()`.
 */
export default function SignatureGenerator({ variant, labels, org, initial }: SignatureGeneratorProps) {
  const [fields, setFields] = useState<SignatureFields>(initial);
  const [status, setStatus] = useState<Status>('idle');
  const [interactive, setInteractive] = useState(false);
  // Said once the visitor leaves the field (or came with a number): not at each digit of a number being typed.
  const [phoneLeft, setPhoneLeft] = useState(initial.phone.trim() !== '');
  const id = useId();
  useEffect(() => setInteractive(true), []);
  const built = signature(fields, org);
  const phoneWarning = phoneLeft && fields.phone.trim() !== '' && !callablePhone(fields.phone);

  async function copy() {
    // Cleared first, so copying twice announces the message twice.
    setStatus('idle');
    try {
      await copyToClipboard(built);
      setStatus('copied');
    } catch (error) {
      console.warn('Copy failed', error);
      setStatus('failed');
    }
  }

  return (
    <div className={`signature-generator signature-generator-${variant}`}>
      <form method="get" className="signature-form" onSubmit={(e) => e.preventDefault()}>
        {FIELDS.map((field) => (
          <SignatureInput
            key={field[0]}
            id={id}
            field={field}
            labels={labels}
            value={fields[field[0]]}
            onChange={(value) => {
              setFields((f) => ({ ...f, [field[0]]: value }));
              setStatus('idle');
            }}
            onBlur={field[0] === 'phone' ? () => setPhoneLeft(true) : undefined}
            warned={field[0] === 'phone' && phoneWarning}
          />
        ))}
        {!interactive && (
          <button type="submit" className="button button-secondary">
            {labels.update}
          </button>
        )}
      </form>
      <SignaturePreview
        id={id}
        variant={variant}
        labels={labels}
        built={built}
        interactive={interactive}
        status={status}
        phoneWarning={phoneWarning}
        onCopy={copy}
      />
    </div>
  );
}

/** One field of the form, its id made from the generator's own; `warned`: the phone warning below describes it. */
function SignatureInput({
  id,
  field: [name, type, autoComplete, inputMode],
  labels,
  value,
  onChange,
  onBlur,
  warned,
}: {
  id: string;
  field: (typeof FIELDS)[number];
  labels: SignatureGeneratorProps['labels'];
  value: string;
  onChange: (value: string) => void;
  onBlur: (() => void) | undefined;
  warned: boolean;
}) {
  return (
    <div className="field">
      <label htmlFor={`${id}-${name}`}>{labels[name]}</label>
      <input
        id={`${id}-${name}`}
        name={name}
        type={type}
        inputMode={inputMode}
        autoComplete={autoComplete}
        spellCheck={type === 'text' ? undefined : false}
        maxLength={SIGNATURE_FIELD_MAX}
        value={value}
        placeholder={labels[`${name}Placeholder`]}
        onChange={(e) => onChange(e.target.value)}
        onBlur={onBlur}
        aria-describedby={warned ? `${id}-phone-warning` : undefined}
      />
    </div>
  );
}

/** The signature as it will look (and, on a phone, as plain text), the copy button once the script runs, and what copying did. */
function SignaturePreview({
  id,
  variant,
  labels,
  built,
  interactive,
  status,
  phoneWarning,
  onCopy,
}: {
  id: string;
  variant: SignatureGeneratorProps['variant'];
  labels: SignatureGeneratorProps['labels'];
  built: { html: string; text: string };
  interactive: boolean;
  status: Status;
  phoneWarning: boolean;
  onCopy: () => void;
}) {
  return (
    <section className="signature-preview" aria-labelledby={`${id}-preview`}>
      <h2 id={`${id}-preview`}>{labels.preview}</h2>
      {/* signature()'s own markup, escaped there: exactly what is copied (the CSP allows its styles by hash). */}
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: signature() escapes every field itself. */}
      <div className="signature-output" data-testid="signature-output" dangerouslySetInnerHTML={{ __html: built.html }} />
      {variant === 'phone' && (
        <div className="field signature-text">
          <label htmlFor={`${id}-text`}>{labels.plainText}</label>
          <textarea
            id={`${id}-text`}
            readOnly
            rows={built.text.split('\n').length + 1}
            value={built.text}
            aria-describedby={`${id}-text-hint`}
            data-testid="signature-text"
            onFocus={(e) => e.currentTarget.select()}
          />
          <p id={`${id}-text-hint`} className="field-hint">
            {labels.plainTextHint}
          </p>
        </div>
      )}
      {interactive && (
        <button type="button" className="button signature-copy" onClick={onCopy}>
          {labels.copy}
        </button>
      )}
      <p className={`form-status signature-status${status === 'failed' ? ' signature-status-failed' : ''}`} role="status">
        {status === 'copied' ? labels.copied : status === 'failed' ? labels.copyFailed : ''}
      </p>
      {/* Below the button, so that appearing as the phone field is left it moves nothing the visitor may be pressing. */}
      <p id={`${id}-phone-warning`} className="signature-warning" aria-live="polite">
        {phoneWarning ? labels.phoneNotCallable : ''}
      </p>
    </section>
  );
}
