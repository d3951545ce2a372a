import { type ReactNode, type RefObject, useEffect, useRef, useState } from 'react';
import { KeepHyphenatedWords } from '../components/KeepHyphenatedWords';
import { CAPTCHA_FIELD, HONEYPOT_FIELD } from './fields';
import { mailtoHref } from './mailto';

/**
 * A labelled field with its error, tied together for screen readers. The
 * error line keeps its room when empty, so an error appearing on blur does
 * not push the button below it away from the visitor's pointer.
 */
export function Field({
  id,
  label,
  error,
  hint,
  live,
  children,
}: {
  id: string;
  label: string;
  error?: string;
  hint?: ReactNode;
  /** The error shows as the visitor types: screen readers hear it then, politely. */
  live?: boolean;
  children: ReactNode;
}) {
  return (
    <div className={error ? 'field field-invalid' : 'field'}>
      <label htmlFor={id}>{label}</label>
      {children}
      {hint}
      <p className="field-error" id={`${id}-error`} aria-live={live ? 'polite' : undefined}>
        {error}
      </p>
    </div>
  );
}

/** Props for an input that reports its error through aria-invalid / aria-describedby. */
export function describe(id: string, error: string | undefined, extra?: string) {
  const ids = [error ? `${id}-error` : null, extra ?? null].filter(Boolean).join(' ');
  return { 'aria-invalid': error ? true : undefined, 'aria-describedby': ids || undefined } as const;
}

/**
 * Checks a field when it loses focus, but not in the middle of a press in
 * the form: a visitor pressing the submit button blurs the field first, and
 * an error appearing then would move the button from under the pointer, so
 * the click would miss. A mouse blurs the field on press, a finger only after
 * lifting, just before the click: such checks wait for that click (by then
 * it has landed, and the submit checks everything anyway), or, when no click
 * follows, for a moment after the pointer is lifted.
 */
export function useBlurCheck() {
  const pressed = useRef(false);
  const waiting = useRef<(() => void)[]>([]);
  const release = () => {
    if (!pressed.current) return;
    pressed.current = false;
    const run = waiting.current.splice(0);
    setTimeout(() => {
      for (const check of run) check();
    }, 0);
  };
  return {
    onPointerDown: () => {
      pressed.current = true;
      window.addEventListener('click', release, { once: true, capture: true });
      window.addEventListener('pointerup', () => setTimeout(release, 500), { once: true });
      window.addEventListener('pointercancel', release, { once: true });
    },
    later: (check: () => void) => (pressed.current ? waiting.current.push(check) : check()),
  };
}

export interface SuccessTexts {
  title: string;
  text: string;
  /** On a test site (staging, a pull request's preview): no e-mail went anywhere, said instead of the spam-folder hint. */
  testSite?: string;
  spam: string;
  home: string;
  countdown: string;
  stay: string;
}

/** The confirmation screen: a way home, and an automatic redirect home after a visible 10-second countdown. */
export function SuccessScreen({
  texts,
  homeHref,
  seconds = 10,
  children,
}: {
  texts: SuccessTexts;
  homeHref: string;
  seconds?: number;
  children?: ReactNode;
}) {
  const [left, setLeft] = useState(seconds);
  const [stayed, setStayed] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  // Screen readers read the confirmation once, where focus lands; the countdown is not a live region.
  // It scrolls to its top, below the sticky header (scroll-margin-top in components.css).
  useEffect(() => {
    box.current?.focus({ preventScroll: true });
    box.current?.scrollIntoView({ block: 'start' });
  }, []);
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
      {texts.testSite && (
        <p className="form-test-site" role="note">
          {texts.testSite}
        </p>
      )}
      <p>{texts.text}</p>
      {children}
      {!texts.testSite && <p>{texts.spam}</p>}
      {!stayed && <p className="countdown">{texts.countdown.replace('{{seconds}}', String(Math.max(0, left)))}</p>}
      <p className="actions">
        <a className="button" href={homeHref}>
          {texts.home}
        </a>
        {!stayed && (
          <button type="button" className="button button-secondary form-stay" onClick={() => setStayed(true)}>
            {texts.stay}
          </button>
        )}
      </p>
    </div>
  );
}

export interface AlternativeTexts {
  /** The anti-robot check cannot run here. */
  lead: string;
  /** The request was sent and could not be accepted: a server error or a network failure. */
  leadFailed: string;
  link: string;
  address: string;
}

/**
 * The honest way through when the anti-robot check cannot run (no
 * JavaScript, a blocker, Turnstile down) or the request could not be sent
 * (`failed`: a server error, the network): the same request as an e-mail
 * from the visitor's own mail app, already written, and the address itself
 * for a device without one. It says which of the two happened.
 */
export function EmailAlternative({
  texts,
  failed,
  address,
  subject,
  body,
}: {
  texts: AlternativeTexts;
  failed: boolean;
  address: string;
  subject: string;
  body: string;
}) {
  const href = mailtoHref(address, subject, body);
  return (
    <div className="form-alternative">
      <p>{failed ? texts.leadFailed : texts.lead}</p>
      <p>
        <a className="button button-secondary" href={href}>
          <KeepHyphenatedWords text={texts.link} />
        </a>
      </p>
      <p>
        {texts.address} <strong>{address}</strong>
      </p>
    </div>
  );
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
  children,
}: {
  id: string;
  container: RefObject<HTMLDivElement | null>;
  token: string;
  error?: string;
  labels: { honeypot: string; captcha: string; noscript: string };
  honeypot: RefObject<HTMLInputElement | null>;
  /** The e-mail alternative, when the check cannot run. */
  children?: ReactNode;
}) {
  return (
    <>
      <div className="honeypot" aria-hidden="true">
        <label htmlFor={`${id}${HONEYPOT_FIELD}`}>{labels.honeypot}</label>
        <input
          ref={honeypot}
          id={`${id}${HONEYPOT_FIELD}`}
          name={HONEYPOT_FIELD}
          type="text"
          tabIndex={-1}
          autoComplete="off"
          defaultValue=""
        />
      </div>
      <div className="captcha">
        <p className="sr-only">{labels.captcha}</p>
        <div ref={container} />
        {/* Once the e-mail alternative shows, it says all this already. */}
        {!children && (
          <noscript>
            <p className="field-hint">{labels.noscript}</p>
          </noscript>
        )}
        <input type="hidden" name={CAPTCHA_FIELD} value={token} />
        {error && (
          <p className="field-error" id={`${id}captcha-error`}>
            {error}
          </p>
        )}
        {children}
      </div>
    </>
  );
}
