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

  const set = (key: keyof SignatureFields) => (e: React.ChangeEvent<HTMLInputElement>) => {
    setFields((f) => ({ ...f, [key]: e.target.value }));
    setStatus('idle');
  };

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

  const input = (key: keyof SignatureFields, type: string, autoComplete: string, placeholder: string, inputMode?: 'tel' | 'email') => (
    <div className="field">
      <label htmlFor={`${id}-${key}`}>{labels[key]}</label>
      <input
        id={`${id}-${key}`}
        name={key}
        type={type}
        inputMode={inputMode}
        autoComplete={autoComplete}
        spellCheck={type === 'text' ? undefined : false}
        maxLength={SIGNATURE_FIELD_MAX}
        value={fields[key]}
        placeholder={placeholder}
        onChange={set(key)}
        onBlur={key === 'phone' ? () => setPhoneLeft(true) : undefined}
        aria-describedby={key === 'phone' && phoneWarning ? `${id}-phone-warning` : undefined}
      />
    </div>
  );

  return (
    <div className={`signature-generator signature-generator-${variant}`}>
      <form method="get" className="signature-form" onSubmit={(e) => e.preventDefault()}>
        {input('name', 'text', 'name', labels.namePlaceholder)}
        {input('role', 'text', 'organization-title', labels.rolePlaceholder)}
        {input('phone', 'tel', 'tel', labels.phonePlaceholder, 'tel')}
        {input('email', 'email', 'email', labels.emailPlaceholder, 'email')}
        {!interactive && (
          <button type="submit" className="button button-secondary">
            {labels.update}
          </button>
        )}
      </form>
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
          <button type="button" className="button signature-copy" onClick={copy}>
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
    </div>
  );
}
