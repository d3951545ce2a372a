import { useEffect, useRef, useState } from 'react';
import { lazyUntilFailure, perKey } from '../lazy';

interface TurnstileApi {
  render(el: HTMLElement, opts: Record<string, unknown>): string;
  reset(id?: string): void;
}
declare global {
  interface Window {
    turnstile?: TurnstileApi;
  }
}

/** Cloudflare's test site keys (documented): offline, their dummy token stands in for the widget. */
const DUMMY_TOKEN = 'XXXX.DUMMY.TOKEN.XXXX';
const isTestKey = (siteKey: string) => /^[123]x0{20}(AA|AB|BB|FF)$/.test(siteKey);
/** No widget after this long (a blocker, a slow or dead network): offer the e-mail alternative. */
const TURNSTILE_TIMEOUT_MS = 10_000;

/** Turnstile's script, loaded once per page; after a failure (a network blip), the next form to ask loads it again. */
const scriptOf = perKey((src: string) =>
  lazyUntilFailure(
    () =>
      new Promise<TurnstileApi>((resolve, reject) => {
        const script = document.createElement('script');
        script.src = src;
        script.async = true;
        script.onload = () => (window.turnstile ? resolve(window.turnstile) : reject(new Error('Turnstile script loaded without its API')));
        script.onerror = () => reject(new Error(`Turnstile script failed to load: ${src}`));
        document.head.appendChild(script);
      }),
  ),
);

/**
 * Renders the Turnstile widget explicitly, once the visitor starts on the form
 * (`arm`: first focus or touch inside it), never at page load: a visitor who
 * only reads the page loads no third-party script. Exposes the current token,
 * a reset for failed submissions, and `failed`: the check cannot run here
 * (script blocked or down, the widget's error, an unsupported browser, or
 * nothing after TURNSTILE_TIMEOUT_MS). The form then shows the e-mail
 * alternative instead of leaving the visitor stuck.
 *
 * `action` is the form's name (Turnstile takes letters, digits, `_` and `-`,
 * at most 32: tests/worker/forms-turnstile.test.ts holds every form to it).
 * Cloudflare seals it into the token and siteverify returns it; the Worker
 * refuses a token whose action is not the form it was posted to
 * (worker/forms/siteverify.ts).
 */
export function useTurnstile(siteKey: string, scriptUrl: string, locale: string, action: string) {
  const container = useRef<HTMLDivElement>(null);
  const widget = useRef<string | null>(null);
  const [token, setToken] = useState('');
  const [failed, setFailed] = useState(false);
  const [armed, setArmed] = useState(false);
  useEffect(() => {
    if (!armed) return;
    let cancelled = false;
    const timer = setTimeout(() => !cancelled && !widget.current && setFailed(true), TURNSTILE_TIMEOUT_MS);
    scriptOf(scriptUrl)()
      .then((api) => {
        if (cancelled || !container.current || widget.current) return;
        widget.current = api.render(container.current, {
          sitekey: siteKey,
          action,
          language: locale,
          callback: (t: string) => {
            setToken(t);
            setFailed(false);
          },
          'expired-callback': () => setToken(''),
          'error-callback': () => {
            setToken('');
            setFailed(true);
            return true; // handled here: Turnstile need not log it
          },
          'unsupported-callback': () => setFailed(true),
        });
      })
      .catch(() => {
        if (cancelled) return;
        // Offline development with Cloudflare's test keys: their dummy token, which only test secrets accept.
        if (isTestKey(siteKey)) setToken(DUMMY_TOKEN);
        else setFailed(true);
      })
      .finally(() => clearTimeout(timer));
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [armed, siteKey, scriptUrl, locale, action]);
  const reset = () => {
    setToken((current) => (current === DUMMY_TOKEN ? current : ''));
    if (widget.current && window.turnstile) window.turnstile.reset(widget.current);
  };
  const arm = () => setArmed(true);
  return { container, token, reset, failed, arm };
}
