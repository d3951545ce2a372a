import { useEffect, useId, useRef, useState } from 'react';

export interface SignatureFields {
  name: string;
  role: string;
  phone: string;
  email: string;
}

export interface SignatureGeneratorProps {
  /** `html`: rich signature for a desktop mail client; `phone`: plain text. */
  variant: 'html' | 'phone';
  labels: {
    name: string;
    role: string;
    phone: string;
    email: string;
    preview: string;
    update: string;
    copy: string;
    copied: string;
    copyFailed: string;
    namePlaceholder: string;
    rolePlaceholder: string;
  };
  org: { name: string; fullName: string; address: string; website: string };
  /** Values from the query string, so the form also works without JavaScript. */
  initial: SignatureFields;
}

export const SIGNATURE_FIELD_MAX = 80;

function plainText(fields: SignatureFields, org: SignatureGeneratorProps['org']): string {
  return [
    fields.name,
    fields.role ? `${fields.role}, ${org.name}` : org.fullName,
    fields.phone,
    fields.email,
    org.website.replace(/^https?:\/\//, ''),
  ]
    .filter(Boolean)
    .join('\n');
}

/**
 * The association's e-mail signature, previewed live. Without JavaScript the
 * form submits with GET and the server renders the same preview.
 */
export function SignatureGenerator({ variant, labels, org, initial }: SignatureGeneratorProps) {
  const [fields, setFields] = useState<SignatureFields>(initial);
  const [status, setStatus] = useState<'idle' | 'copied' | 'failed'>('idle');
  const [interactive, setInteractive] = useState(false);
  const previewRef = useRef<HTMLDivElement>(null);
  const id = useId();
  useEffect(() => setInteractive(true), []);

  const set = (key: keyof SignatureFields) => (e: React.ChangeEvent<HTMLInputElement>) => {
    setFields((f) => ({ ...f, [key]: e.target.value }));
    setStatus('idle');
  };

  async function copy() {
    const text = plainText(fields, org);
    try {
      if (variant === 'html' && previewRef.current && typeof ClipboardItem !== 'undefined') {
        const html = previewRef.current.innerHTML;
        await navigator.clipboard.write([
          new ClipboardItem({
            'text/html': new Blob([html], { type: 'text/html' }),
            'text/plain': new Blob([text], { type: 'text/plain' }),
          }),
        ]);
      } else {
        await navigator.clipboard.writeText(text);
      }
      setStatus('copied');
    } catch {
      setStatus('failed');
    }
  }

  const input = (key: keyof SignatureFields, type: string, autoComplete: string, placeholder?: string) => (
    <div className="field">
      <label htmlFor={`${id}-${key}`}>{labels[key]}</label>
      <input
        id={`${id}-${key}`}
        name={key}
        type={type}
        autoComplete={autoComplete}
        maxLength={SIGNATURE_FIELD_MAX}
        value={fields[key]}
        placeholder={placeholder}
        onChange={set(key)}
      />
    </div>
  );

  return (
    <div className="signature-generator">
      <form method="get" className="signature-form" onSubmit={(e) => e.preventDefault()}>
        {input('name', 'text', 'name', labels.namePlaceholder)}
        {input('role', 'text', 'organization-title', labels.rolePlaceholder)}
        {input('phone', 'tel', 'tel')}
        {input('email', 'email', 'email')}
        {!interactive && <button type="submit" className="button button-secondary">{labels.update}</button>}
      </form>
      <section className="signature-preview" aria-labelledby={`${id}-preview`}>
        <h2 id={`${id}-preview`}>{labels.preview}</h2>
        <div ref={previewRef} className="signature-output" data-testid="signature-output">
          {variant === 'phone' ? (
            <pre>{plainText(fields, org)}</pre>
          ) : (
            <table role="presentation" cellPadding={0} cellSpacing={0}>
              <tbody>
                <tr>
                  <td>
                    <strong>{fields.name || labels.namePlaceholder}</strong>
                    <br />
                    {fields.role || labels.rolePlaceholder}, {org.fullName}
                    <br />
                    {fields.phone && (<>{fields.phone}<br /></>)}
                    {fields.email && (<>{fields.email}<br /></>)}
                    {org.address}
                    <br />
                    <a href={org.website}>{org.website.replace(/^https?:\/\//, '')}</a>
                  </td>
                </tr>
              </tbody>
            </table>
          )}
        </div>
        {interactive && (
          <button type="button" className="button" onClick={copy}>
            {labels.copy}
          </button>
        )}
        <p className="form-status" role="status">
          {status === 'copied' ? labels.copied : status === 'failed' ? labels.copyFailed : ''}
        </p>
      </section>
    </div>
  );
}
