import { escapeHtml } from '#client/escape.ts';
import { formatMoney, formatNumber } from '#client/format.ts';
import { CONTACT_SOURCES, type ContactTopic } from '#client/forms/contact.ts';
import type { Language, Service } from '#client/forms/estimate.ts';
import { amountText, onRequestNote } from '#client/forms/pricing.ts';
import { createTranslator, type Translate } from '#client/i18n.ts';
import { pricing } from '#content/index.ts';
import type { Config } from '../env';
import type { Address, Message } from './mail';
import type { Recipient, Submission } from './outbox';

interface Line {
  label?: string;
  value: string;
}

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

const languageNames = (t: Translate, codes: unknown) =>
  (Array.isArray(codes) ? codes : []).map((l) => t(`forms.estimate.languages.${l as Language}`)).join(', ');

/** The e-mail to the association (in French, reply-to the visitor), with every field and the id. */
export function associationMail(sub: Submission, config: Config, from: Address, to: Address): Message {
  const t = createTranslator('fr');
  const f = sub.fields;
  const name = oneLine(`${str(f.firstName)} ${str(f.lastName)}`);
  const visitor: Address = { email: str(f.email), ...(name ? { name } : {}) };
  const topic = f.topic ? (str(f.topic) as ContactTopic) : undefined;
  const lines: Line[] =
    sub.form === 'contact'
      ? [
          ...(topic ? [{ label: t('forms.mail.topic'), value: t(`forms.contact.topics.${topic}.label`) }] : []),
          { label: t('forms.contact.firstName'), value: str(f.firstName) },
          { label: t('forms.contact.lastName'), value: str(f.lastName) },
          { label: t('forms.contact.email'), value: str(f.email) },
          { label: t('forms.contact.phone'), value: str(f.phone) || '—' },
          {
            label: t('forms.contact.source'),
            value: CONTACT_SOURCES.includes(f.source as never)
              ? t(`forms.contact.sources.${f.source as (typeof CONTACT_SOURCES)[number]}`)
              : str(f.source),
          },
          { label: t('forms.contact.message'), value: str(f.message) },
        ]
      : [
          { label: t('forms.estimate.service'), value: t(`forms.estimate.services.${f.service as Service}`) },
          { label: t('forms.estimate.words'), value: formatNumber(Number(f.words), 'fr') },
          { label: t('forms.estimate.source'), value: t(`forms.estimate.languages.${f.sourceLanguage as Language}`) },
          { label: t('forms.estimate.targets'), value: languageNames(t, f.targetLanguages) },
          { label: t('forms.estimate.email'), value: str(f.email) },
          { label: t('forms.estimate.comments'), value: str(f.comments) || '—' },
          {
            label: t('forms.estimate.title'),
            value: sub.estimate ? amountText(sub.estimate, 'fr', t('forms.estimate.amountOnRequest')) : '—',
          },
        ];
  const { text, html } = render(
    [...lines, { label: t('forms.mail.reference'), value: `${sub.id} (${sub.locale}, ${sub.created})` }],
    config.SITE_URL,
    t,
  );
  const subject =
    sub.form === 'contact'
      ? t(topic ? 'forms.mail.contactTopicSubject' : 'forms.mail.contactSubject', {
          name,
          ...(topic ? { topic: t(`forms.contact.topics.${topic}.label`) } : {}),
        })
      : t('forms.mail.estimateSubject', { email: oneLine(str(f.email)) });
  return { to, from, replyTo: visitor, subject: oneLine(subject), text, html, messageId: messageId(sub, 'association', config) };
}

/**
 * The confirmation to the visitor, in their language. It holds nothing the
 * visitor typed, no name, no message, no comment: the address is only their
 * claim, and the site must not carry a stranger's text to it. For the pricer
 * it holds the estimate: figures, language names and the site's own words.
 */
export function visitorMail(sub: Submission, config: Config, from: Address): Message {
  const t = createTranslator(sub.locale);
  const f = sub.fields;
  const lines: Line[] = [{ value: t('forms.mail.greeting') }];
  if (sub.form === 'estimate' && sub.estimate) {
    const e = sub.estimate;
    lines.push(
      { value: t('forms.mail.estimateIntro') },
      { label: t('forms.estimate.title'), value: amountText(e, sub.locale, t('forms.estimate.amountOnRequest')) },
      { label: t('forms.estimate.service'), value: t(`forms.estimate.services.${f.service as Service}`) },
      { label: t('forms.estimate.words'), value: formatNumber(Number(f.words), sub.locale) },
      { label: t('forms.estimate.source'), value: t(`forms.estimate.languages.${f.sourceLanguage as Language}`) },
      { label: t('forms.estimate.targets'), value: languageNames(t, f.targetLanguages) },
    );
    // The minimum the estimate was computed with (a submission stored before it was recorded: today's).
    if (e.minimumApplied)
      lines.push({
        value: t('forms.estimate.minimum', { minimum: formatMoney(e.minimumPerLanguage ?? pricing.minimumPerLanguage, sub.locale) }),
      });
    if (e.onRequest) {
      const chosen = (Array.isArray(f.targetLanguages) ? f.targetLanguages : []) as Language[];
      lines.push({
        value: onRequestNote(
          t,
          sub.locale,
          chosen.filter((l) => pricing.quotedOnRequest.includes(l)),
        ),
      });
    }
    lines.push({ value: t('forms.estimate.disclaimer') });
  }
  lines.push({ value: t('forms.mail.confirmText') }, { label: t('forms.mail.reference'), value: sub.id });
  const { text, html } = render(lines, `${t('forms.mail.signature')} – ${config.SITE_URL}`, t);
  return {
    to: { email: str(f.email) },
    from,
    subject: t(sub.form === 'contact' ? 'forms.mail.confirmSubject' : 'forms.mail.estimateConfirmSubject'),
    text,
    html,
    messageId: messageId(sub, 'visitor', config),
  };
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
function oneLine(value: string): string {
  return value
    .replace(/[\r\n\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, ' ')
    .trim()
    .slice(0, 200);
}
