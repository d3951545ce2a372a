import { escapeHtml } from '#client/escape.ts';
import type { AnyForm, MailLine } from '#client/forms/define.ts';
import { createTranslator, type Translate } from '#client/i18n.ts';
import type { Config } from '../env';
import type { Address, Message } from './mail';
import type { Recipient, Submission } from './outbox-submission';

type Line = MailLine;

const str = (v: unknown) => (typeof v === 'string' ? v : v === undefined || v === null ? '' : String(v));

/**
 * One message as plain text and as HTML. Every text goes through the one
 * escaper (client/escape.ts): nothing a visitor typed can become markup. A
 * labelled line is written the language's way ('Référence : …', 'Reference: …').
 */
function render(lines: Line[], footer: string, t: Translate): { text: string; html: string } {
  const text = [...lines.map((l) => (l.label ? t('forms.labelled', { label: l.label, value: l.value }) : l.value)), '', footer].join('\n');
  const paragraphs = lines.map(
    (l) => `<p style="white-space:pre-line">${l.label ? `<strong>${escapeHtml(l.label)}</strong><br/>` : ''}${escapeHtml(l.value)}</p>`,
  );
  const html = `<!doctype html><html><body style="font-family:Arial, sans-serif;line-height:1.5">${paragraphs.join('')}<p>${escapeHtml(footer)}</p></body></html>`;
  return { text, html };
}

/**
 * The e-mail to the association (in French, reply-to the visitor), with every
 * field and the id: the form writes its lines. `withoutReplyTo`: the same
 * copy for when MailChannels refused the visitor's address as its Reply-To
 * (delivery.ts): the address is written at the top of the body instead.
 */
export function composeAssociationMail(
  sub: Submission,
  form: AnyForm,
  config: Config,
  from: Address,
  to: Address,
  { withoutReplyTo = false } = {},
): Message {
  const t = createTranslator('fr');
  const { subject, lines, name: typed } = form.mails.association(sub, t);
  const name = headerText(typed ?? '');
  const visitor: Address = { email: str(sub.fields.email), ...(name ? { name } : {}) };
  const { text, html } = render(
    [
      ...(withoutReplyTo ? [{ label: t('forms.mail.replyToRefused'), value: visitor.email }] : []),
      ...lines,
      { label: t('forms.mail.reference'), value: `${sub.id} (${sub.locale}, ${sub.created})` },
    ],
    config.SITE_URL,
    t,
  );
  return {
    to,
    from,
    ...(withoutReplyTo ? {} : { replyTo: visitor }),
    subject: headerText(subject),
    text,
    html,
    messageId: messageId(sub, 'association', config),
  };
}

/**
 * The confirmation to the visitor, in their language. It holds nothing the
 * visitor typed, no name, no message, no comment: the address is only their
 * claim, and the site must not carry a stranger's text to it. A form adds
 * only figures and the site's own words (the pricer: its estimate).
 */
export function composeVisitorMail(sub: Submission, form: AnyForm, config: Config, from: Address): Message {
  const t = createTranslator(sub.locale);
  // A form that adds nothing to the confirmation writes no visitor mail: the site's own words alone.
  const own = form.mails.visitor?.(sub, t) ?? { subject: t('forms.mail.confirmSubject'), lines: [] };
  const lines: MailLine[] = [
    { value: t('forms.mail.greeting') },
    ...own.lines,
    { value: t('forms.mail.confirmText') },
    { label: t('forms.mail.reference'), value: sub.id },
  ];
  const { text, html } = render(lines, `${t('forms.mail.signature')} – ${config.SITE_URL}`, t);
  return { to: { email: str(sub.fields.email) }, from, subject: own.subject, text, html, messageId: messageId(sub, 'visitor', config) };
}

/**
 * The same for every send of one e-mail of one submission, on the sending
 * domain: `<3f2a…-9c1e.association@jeepfl.ch>`. A copy sent twice (a send
 * whose outcome was unknown, then a retry) is then one message to mail clients.
 * A copy a maintainer forces again (`resend --force`) is a new message,
 * `<….association.2@…>`: a mailbox that holds the first would drop it.
 */
function messageId(sub: Submission, who: Recipient, config: Config): string {
  const copy = who === 'association' && sub.copies > 0 ? `.${sub.copies + 1}` : '';
  return `<${sub.id}.${who}${copy}@${config.MAIL_FROM.slice(config.MAIL_FROM.lastIndexOf('@') + 1)}>`;
}

/** Anything bound for a header is one line, even if validation was bypassed. */
function headerText(value: string): string {
  return value
    .replace(/[\r\n\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, ' ')
    .trim()
    .slice(0, 200);
}
