import { pricing } from '#content/index.ts';
import { formatMoney, formatNumber } from '../../format';
import type { Translate } from '../../i18n';
import type { MailLine, Sent } from '../define';
import { amountText, type Estimate, onRequestNote } from './pricing';
import type { Language, PricerService } from './schema';

const str = (v: unknown) => (typeof v === 'string' ? v : v === undefined || v === null ? '' : String(v));
const languageNames = (t: Translate, codes: unknown) =>
  (Array.isArray(codes) ? codes : []).map((l) => t(`forms.estimate.languages.${l as Language}`)).join(', ');

/** To the association: the request and the estimate the visitor was given. */
export function associationMail({ fields: f, result }: Sent<Estimate>, t: Translate) {
  const lines: MailLine[] = [
    { label: t('forms.estimate.service'), value: t(`forms.estimate.services.${f.service as PricerService}`) },
    { label: t('forms.estimate.words'), value: formatNumber(Number(f.words)) },
    { label: t('forms.estimate.source'), value: t(`forms.estimate.languages.${f.sourceLanguage as Language}`) },
    { label: t('forms.estimate.targets'), value: languageNames(t, f.targetLanguages) },
    { label: t('forms.estimate.email'), value: str(f.email) },
    { label: t('forms.estimate.comments'), value: str(f.comments) || '—' },
    { label: t('forms.estimate.title'), value: result ? amountText(result, t('forms.estimate.amountOnRequest')) : '—' },
  ];
  return { subject: t('forms.mail.estimateSubject', { email: str(f.email) }), lines };
}

/** The visitor's estimate: figures, language names and the site's own words, never what they typed. */
export function visitorMail({ fields: f, result: e, locale }: Sent<Estimate>, t: Translate) {
  const lines: MailLine[] = [];
  if (e) {
    lines.push(
      { value: t('forms.mail.estimateIntro') },
      { label: t('forms.estimate.title'), value: amountText(e, t('forms.estimate.amountOnRequest')) },
      { label: t('forms.estimate.service'), value: t(`forms.estimate.services.${f.service as PricerService}`) },
      { label: t('forms.estimate.words'), value: formatNumber(Number(f.words)) },
      { label: t('forms.estimate.source'), value: t(`forms.estimate.languages.${f.sourceLanguage as Language}`) },
      { label: t('forms.estimate.targets'), value: languageNames(t, f.targetLanguages) },
    );
    // The minimum the estimate was computed with (a submission stored before it was recorded: today's).
    if (e.minimumApplied) {
      lines.push({
        value: t('forms.estimate.minimum', { minimum: formatMoney(e.minimumPerLanguage ?? pricing.minimumPerLanguage) }),
      });
    }
    if (e.onRequest) {
      const chosen = (Array.isArray(f.targetLanguages) ? f.targetLanguages : []) as Language[];
      lines.push({
        value: onRequestNote(
          t,
          locale,
          chosen.filter((l) => pricing.quotedOnRequest.includes(l)),
        ),
      });
    }
    lines.push({ value: t('forms.estimate.disclaimer') });
  }
  return { subject: t('forms.mail.estimateConfirmSubject'), lines };
}
