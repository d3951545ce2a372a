import { pricing } from '#content/index.ts';
import { defineForm } from '../define';
import { associationMail, visitorMail } from './emails';
import { amountText, type Estimate, estimate } from './pricing';
import { estimateSchema } from './schema';

/** The translation pricer: the estimate is computed again on the server, stored with the request, e-mailed and exported. */
export default defineForm<typeof estimateSchema.rules, Estimate>({
  ...estimateSchema,
  pages: ['translation'],
  compute: (fields) => estimate(fields as Parameters<typeof estimate>[0], pricing),
  formatResult: (result, t) => amountText(result, t('forms.estimate.amountOnRequest')),
  mails: { association: associationMail, visitor: visitorMail },
  resultColumns: { names: ['estimate_amount', 'estimate_currency'], values: (e) => [e.amount, e.currency] },
  alertName: 'translation estimate',
});
