import { useEffect, useRef, useState } from 'react';

interface TurnstileApi {
  render(el: HTMLElement, opts: Record<string, unknown>): string;
  reset(id?: string): void;
}
declare global {
  interface Window {
    turnstile?: TurnstileApi;
  }
}

/** Cloudflare's test site keys (documented): offline, a dummy token stands in for the widget. */
const DUMMY_TOKEN = 'XXXX.DUMMY.TOKEN.XXXX';
const isTestKey = (siteKey: string) => /^[123]x0{20}AA$/.test(siteKey);

let loading: Promise<TurnstileApi> | null = null;
function loadScript(src: string): Promise<TurnstileApi> {
  loading ??= new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = src;
    script.async = true;
    script.onload = () => (window.turnstile ? resolve(window.turnstile) : reject(new Error('Turnstile script loaded without its API')));
    script.onerror = () => reject(new Error(`Turnstile script failed to load: ${src}`));
    document.head.appendChild(script);
  });
  return loading;
}

/**
 * Renders the Turnstile widget explicitly (only pages with a form load its
 * script) and exposes the current token and a reset for failed submissions.
 */
export function useTurnstile(siteKey: string, scriptUrl: string, locale: string) {
  const container = useRef<HTMLDivElement>(null);
  const widget = useRef<string | null>(null);
  const [token, setToken] = useState('');
  useEffect(() => {
    let cancelled = false;
    loadScript(scriptUrl)
      .then((api) => {
        if (cancelled || !container.current || widget.current) return;
        widget.current = api.render(container.current, {
          sitekey: siteKey,
          language: locale,
          callback: (t: string) => setToken(t),
          'expired-callback': () => setToken(''),
          'error-callback': () => setToken(''),
        });
      })
      .catch((error: unknown) => {
        console.warn(String(error));
        if (isTestKey(siteKey)) setToken(DUMMY_TOKEN);
      });
    return () => {
      cancelled = true;
    };
  }, [siteKey, scriptUrl, locale]);
  const reset = () => {
    setToken((current) => (current === DUMMY_TOKEN ? current : ''));
    if (widget.current && window.turnstile) window.turnstile.reset(widget.current);
  };
  return { container, token, reset };
}
