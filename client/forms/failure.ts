import { useState } from 'react';
import type { PostResult } from './post';
import { CAPTCHA_CODES, type FormState, needsAlternative, type PostFailure } from './state';

export interface FailureTexts {
  /** Error code -> message, in the visitor's language. */
  messages: Record<string, string>;
  failureTitle: string;
  genericError: string;
  tooMany: string;
}

/**
 * Why the last attempt failed, and what the form says about it: the notice at
 * its top, and whether to offer the prefilled e-mail. Starts from what the
 * server rendered (a no-JavaScript post), then follows the visitor's tries.
 */
export function useFailure(initial: FormState, texts: FailureTexts) {
  const [failure, setFailure] = useState<PostFailure | undefined>(initial.failure);
  const [captchaCode, setCaptchaCode] = useState(() => initial.errors.find((e) => CAPTCHA_CODES.includes(e.code))?.code);
  const notice =
    failure === 'validation'
      ? texts.failureTitle
      : failure === 'captcha'
        ? texts.messages[captchaCode ?? 'no_captcha']
        : failure === 'tooMany'
          ? texts.tooMany
          : failure
            ? texts.genericError
            : null;
  return {
    notice,
    /** The anti-robot check failed or cannot run, or the request could not be sent: offer the same request by e-mail. */
    offerEmail: needsAlternative({ failure, errors: captchaCode ? [{ field: 'captcha', code: captchaCode }] : [] }),
    /** The request itself failed (a server error, the network), as opposed to a check that cannot run. */
    sendFailed: failure === 'unavailable',
    clear() {
      setFailure(undefined);
    },
    /** The browser's own check found `errors` (field -> message) before anything was sent. */
    checked(errors: Record<string, string>, hasToken: boolean) {
      setCaptchaCode(hasToken ? undefined : 'no_captcha');
      setFailure(!hasToken && Object.keys(errors).length === 1 ? 'captcha' : 'validation');
    },
    /** The server refused the post. */
    refused(result: Exclude<PostResult<unknown>, { kind: 'ok' }>) {
      if (result.kind === 'invalid') {
        const captcha = result.codes.filter((c) => CAPTCHA_CODES.includes(c));
        setCaptchaCode(captcha[0]);
        setFailure(captcha.length === result.codes.length ? 'captcha' : 'validation');
      } else {
        setCaptchaCode(undefined);
        setFailure(result.status === 429 ? 'tooMany' : 'unavailable');
      }
    },
  };
}
