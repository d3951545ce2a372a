import { CONTACT_SOURCES } from '#client/forms/contact.ts';
import { PRICING } from '#client/forms/pricing.ts';
import { createTranslator, localeTags, type MessageKey } from '#client/i18n.ts';
import type { Config } from '../env';
import type { Address, Message } from './mail';
import { escapeHtml } from './html';
import type { Submission } from './outbox';

const str = (v: unknown) => (typeof v === 'string' ? v : Array.isArray(v) ? v.join(', ') : v === undefined ? '' : String(v));

/** Lines of a message for text and HTML alike; every value escaped in HTML. */
function render(lines: { label?: string; value: string }[], footer: string): { text: string; html: string } {
  const text = [...lines.map((l) => (l.label ? `${l.label}: ${l.value}` : l.value)), '', footer].join('\n');
  const html = `<!doctype html><html><body style="font-family:Arial,sans-serif;line-height:1.5">${lines
    .map((l) => (l.label ? `<p><strong>${escapeHtml(l.label)}</strong><br>${escapeHtml(l.value).replace(/\n/g, '<br>')}</p>` : `<p>${escapeHtml(l.value).replace(/\n/g, '<br>')}</p>`))
    .join('')}<p>${escapeHtml(footer)}</p></body></html>`;
  return { text, html };
}

function money(amount: number, locale: Submission['locale']) {
  return new Intl.NumberFormat(localeTags[locale], { style: 'currency', currency: 'CHF' }).format(amount);
}

/** The e-mail to the association (in French, reply-to the visitor), with every field and the id. */
export function associationMail(sub: Submission, config: Config, from: Address, to: Address): Message {
  const t = createTranslator('fr');
  const f = sub.fields;
  const visitor: Address = { email: str(f.email), ...(f.firstName ? { name: `${str(f.firstName)} ${str(f.lastName)}`.trim() } : {}) };
  const lines =
    sub.form === 'contact'
      ? [
          { label: t('forms.contact.firstName'), value: str(f.firstName) },
          { label: t('forms.contact.lastName'), value: str(f.lastName) },
          { label: t('forms.contact.email'), value: str(f.email) },
          { label: t('forms.contact.phone'), value: str(f.phone) || '—' },
          {
            label: t('forms.contact.source'),
            value: CONTACT_SOURCES.includes(f.source as never) ? t(`forms.contact.sources.${f.source as (typeof CONTACT_SOURCES)[number]}`) : str(f.source),
          },
          { label: t('forms.contact.message'), value: str(f.message) },
        ]
      : [
          { label: t('forms.estimate.service'), value: t(`forms.estimate.services.${f.service as 'proofreading'}`) },
          { label: t('forms.estimate.words'), value: str(f.words) },
          { label: t('forms.estimate.source'), value: t(`forms.estimate.languages.${f.sourceLanguage as 'fr'}`) },
          { label: t('forms.estimate.targets'), value: (f.targetLanguages as string[]).map((l) => t(`forms.estimate.languages.${l as 'fr'}`)).join(', ') },
          { label: t('forms.estimate.email'), value: str(f.email) },
          { label: t('forms.estimate.comments'), value: str(f.comments) || '—' },
          { label: t('forms.estimate.title'), value: sub.estimate ? money(sub.estimate.amount, 'fr') : '—' },
        ];
  const { text, html } = render(
    [...lines, { label: t('forms.mail.reference'), value: `${sub.id} (${sub.locale}, ${sub.created})` }],
    config.SITE_URL,
  );
  const subject =
    sub.form === 'contact'
      ? t('forms.mail.contactSubject', { name: oneLine(`${str(f.firstName)} ${str(f.lastName)}`) })
      : t('forms.mail.estimateSubject', { email: oneLine(str(f.email)) });
  return { to, from, replyTo: visitor, subject: oneLine(subject), text, html };
}

/** The confirmation to the visitor, in their language; for the pricer, the estimate itself. */
export function visitorMail(sub: Submission, config: Config, from: Address): Message {
  const t = createTranslator(sub.locale);
  const f = sub.fields;
  const name = str(f.firstName);
  const lines: { label?: string; value: string }[] = [{ value: name ? t('forms.mail.greeting', { name }) : t('forms.mail.greetingAnonymous') }];
  if (sub.form === 'contact') {
    // The message itself is not echoed: the address is the visitor's claim, and we will not relay text to it.
    lines.push({ value: t('forms.mail.confirmText') });
  } else if (sub.estimate) {
    const e = sub.estimate;
    lines.push(
      { value: t('forms.mail.estimateIntro') },
      { label: t('forms.estimate.title'), value: money(e.amount, sub.locale) },
      { label: t('forms.estimate.service'), value: t(`forms.estimate.services.${f.service as 'proofreading'}`) },
      { label: t('forms.estimate.words'), value: str(f.words) },
      { label: t('forms.estimate.targets'), value: (f.targetLanguages as string[]).map((l) => t(`forms.estimate.languages.${l as 'fr'}`)).join(', ') },
    );
    if (e.minimumApplied) lines.push({ value: t('forms.estimate.minimum', { minimum: money(PRICING.minimumPerLanguage, sub.locale) }) });
    if (e.onRequest) lines.push({ value: t('forms.estimate.onRequest') });
    lines.push({ value: t('forms.estimate.disclaimer') }, { value: t('forms.mail.confirmText') });
  }
  lines.push({ label: t('forms.mail.reference'), value: sub.id });
  const { text, html } = render(lines, `${t('forms.mail.signature')} – ${config.SITE_URL}`);
  const subjectKey: MessageKey = sub.form === 'contact' ? 'forms.mail.confirmSubject' : 'forms.mail.estimateConfirmSubject';
  return { to: { email: str(f.email) }, from, subject: t(subjectKey), text, html };
}

/** Anything bound for a header is one line, even if validation was bypassed. */
function oneLine(value: string): string {
  return value.replace(/[\r\n\u0000-\u001f]+/g, ' ').slice(0, 200);
}
