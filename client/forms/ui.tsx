import { useEffect, useRef, useState, type ReactNode } from 'react';

/** A labelled field with its error, tied together for screen readers. */
export function Field({ id, label, error, hint, children }: { id: string; label: string; error?: string; hint?: ReactNode; children: ReactNode }) {
  return (
    <div className={error ? 'field field-invalid' : 'field'}>
      <label htmlFor={id}>{label}</label>
      {children}
      {hint}
      {error && (
        <p className="field-error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}

/** Props for an input that reports its error through aria-invalid / aria-describedby. */
export function describe(id: string, error: string | undefined, extra?: string) {
  const ids = [error ? `${id}-error` : null, extra ?? null].filter(Boolean).join(' ');
  return { 'aria-invalid': error ? true : undefined, 'aria-describedby': ids || undefined } as const;
}

export interface SuccessTexts {
  title: string;
  text: string;
  spam: string;
  home: string;
  countdown: string;
  stay: string;
}

/** Spec §4: the confirmation screen, a way home and an automatic redirect after a visible countdown. */
export function SuccessScreen({ texts, homeHref, seconds = 10, children }: { texts: SuccessTexts; homeHref: string; seconds?: number; children?: ReactNode }) {
  const [left, setLeft] = useState(seconds);
  const [stayed, setStayed] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  // Screen readers read the confirmation once, where focus lands; the countdown is not a live region.
  useEffect(() => box.current?.focus(), []);
  useEffect(() => {
    if (stayed) return;
    if (left <= 0) {
      window.location.assign(homeHref);
      return;
    }
    const timer = setTimeout(() => setLeft((s) => s - 1), 1000);
    return () => clearTimeout(timer);
  }, [left, homeHref, stayed]);
  return (
    <div ref={box} className="form-success" tabIndex={-1}>
      <h3>{texts.title}</h3>
      <p>{texts.text}</p>
      {children}
      <p>{texts.spam}</p>
      {!stayed && <p className="countdown">{texts.countdown.replace('{{seconds}}', String(Math.max(0, left)))}</p>}
      <p className="actions">
        <a className="button" href={homeHref}>{texts.home}</a>
        {!stayed && (
          <button type="button" className="button button-secondary" onClick={() => setStayed(true)}>
            {texts.stay}
          </button>
        )}
      </p>
    </div>
  );
}

export type PostResult<T> =
  | { kind: 'ok'; body: T }
  | { kind: 'invalid'; errors: Record<string, string> }
  | { kind: 'failed'; status: number };

/** Posts a form as JSON and sorts the answer: accepted, field errors (400), or any other failure. */
export async function postForm<T extends { ok: boolean }>(endpoint: string, payload: unknown): Promise<PostResult<T>> {
  try {
    const res = await fetch(endpoint, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify(payload),
    });
    const body = (await res.json().catch(() => null)) as (T & { errors?: { field: string; message: string }[] }) | null;
    if (res.ok && body?.ok) return { kind: 'ok', body };
    if (res.status === 400 && body?.errors?.length) return { kind: 'invalid', errors: Object.fromEntries(body.errors.map((e) => [e.field, e.message])) };
    return { kind: 'failed', status: res.status };
  } catch {
    return { kind: 'failed', status: 0 };
  }
}

/**
 * The honeypot (hidden from people, tempting to bots), the Turnstile widget,
 * its token as a form field, and what a visitor without JavaScript is told.
 */
export function BotChecks({
  id,
  container,
  token,
  error,
  labels,
  honeypot,
  challenge,
}: {
  id: string;
  container: React.RefObject<HTMLDivElement | null>;
  token: string;
  error?: string;
  labels: { honeypot: string; captcha: string; noscript: string };
  honeypot: React.RefObject<HTMLInputElement | null>;
  /** The question and signed token for visitors without JavaScript. */
  challenge?: { question: string; token: string };
}) {
  return (
    <>
      <div className="honeypot" aria-hidden="true">
        <label htmlFor={`${id}website`}>{labels.honeypot}</label>
        <input ref={honeypot} id={`${id}website`} name="website" type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
      </div>
      <div className="captcha">
        <p className="sr-only">{labels.captcha}</p>
        <div ref={container} />
        <noscript>
          <p className="field-hint">{labels.noscript}</p>
          {challenge && (
            <span className="field">
              <label htmlFor={`${id}challenge`}>{challenge.question}</label>
              <input id={`${id}challenge`} name="challengeAnswer" type="text" inputMode="numeric" autoComplete="off" maxLength={3} />
              <input type="hidden" name="challenge" value={challenge.token} />
            </span>
          )}
        </noscript>
        <input type="hidden" name="cf-turnstile-response" value={token} />
        {error && <p className="field-error" id={`${id}captcha-error`}>{error}</p>}
      </div>
    </>
  );
}
