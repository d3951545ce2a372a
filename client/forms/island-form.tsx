import type { FormEvent, ReactNode } from 'react';
import { KeepHyphenatedWords } from '../components/KeepHyphenatedWords';
import { CAPTCHA_FIELD } from './fields';
import { BotChecks } from './ui';
import type { useFormIsland } from './use-form';

/**
 * The frame every form island draws around its own fields: the notice of
 * what went wrong, the language, the honeypot and Turnstile (with the e-mail
 * alternative when the check cannot run), the consent line and the button.
 */
export function IslandForm({
  form,
  onSubmit,
  locale,
  labels,
  alternative,
  children,
}: {
  form: Pick<ReturnType<typeof useFormIsland>, 'id' | 'status' | 'failure' | 'enhanced' | 'captcha' | 'errors' | 'honeypot' | 'formProps'>;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  locale: string;
  labels: { consent: string; submit: string; sending: string; honeypot: string; captcha: string; noscript: string };
  /** The e-mail alternative, when the anti-robot check cannot run or the request could not be sent. */
  alternative: ReactNode;
  children: ReactNode;
}) {
  const sending = form.status === 'sending';
  return (
    <form {...form.formProps(onSubmit)}>
      {form.failure.notice && (
        // autoFocus: without JavaScript, the browser scrolls the answer page straight to what went wrong.
        // biome-ignore lint/a11y/noAutofocus: only on the answer page of a post without JavaScript, to reach the error at once.
        <div className="form-notice" role="alert" tabIndex={-1} autoFocus={!form.enhanced}>
          {form.failure.notice}
        </div>
      )}
      <input type="hidden" name="locale" value={locale} />
      {children}
      <BotChecks
        id={form.id}
        container={form.captcha.container}
        token={form.captcha.token}
        error={form.errors[CAPTCHA_FIELD]}
        labels={labels}
        honeypot={form.honeypot}
      >
        {alternative}
      </BotChecks>
      <p className="consent">{labels.consent}</p>
      <button type="submit" className="button" disabled={sending} aria-disabled={sending ? true : undefined}>
        <KeepHyphenatedWords text={sending ? labels.sending : labels.submit} />
      </button>
    </form>
  );
}
