import { z } from 'zod';
import { defineCollection, json, sample } from './collection-schema.ts';
import { PRICER_LANGUAGES, PRICER_SERVICES } from './ids.ts';

/** CHF per source word and per target language. */
const perWordRate = z
  .number({
    error: (i) =>
      i.code !== 'invalid_type'
        ? undefined
        : i.input === undefined
          ? 'is missing: every service needs its rate'
          : 'must be a number of CHF, e.g. 0.18',
  })
  .gt(0, 'must be more than 0 CHF per word')
  .lt(10, 'must be less than 10 CHF per word');

export const pricingCollection = {
  /**
   * The translation pricer's rates. `estimate()` (client/forms/estimate/pricing.ts)
   * computes with them, for the live estimate in the browser (the island gets
   * them in its props) and for the JSON answer and the e-mails in the Worker.
   * `sample` until the association confirms the prices: `npm run content:check`
   * lists the file as a sample until then.
   */
  pricing: defineCollection({
    loader: json('pricing.json', { single: true }),
    schema: z
      .object({
        sample,
        /** The currency of every amount: the site formats money in Swiss francs only (client/format.ts). */
        currency: z.literal('CHF', 'must be "CHF": the site shows amounts in Swiss francs'),
        /** CHF per source word and per target language, for each service of the pricer (`PRICER_SERVICES` of content/ids.ts). */
        perWord: z.strictObject(
          Object.fromEntries(PRICER_SERVICES.map((s) => [s, perWordRate])) as Record<(typeof PRICER_SERVICES)[number], typeof perWordRate>,
          {
            error: (i) =>
              i.code === 'unrecognized_keys'
                ? `unknown service ${i.keys.map((k) => `"${k}"`).join(', ')} (the pricer's services: ${PRICER_SERVICES.join(', ')})`
                : i.code === 'invalid_type'
                  ? `must be an object giving each service its CHF per word (${PRICER_SERVICES.join(', ')})`
                  : undefined,
          },
        ),
        /** The smallest amount charged for each priced target language, in CHF (0: no minimum). */
        minimumPerLanguage: z.number('must be a number of CHF, e.g. 60').min(0, 'must be 0 CHF or more'),
        /** Every amount is rounded to this step, in CHF: 0.05 rounds to the 5 centimes, as Swiss prices are. */
        rounding: z.literal([0.01, 0.05, 0.1, 1], 'must be 0.01, 0.05, 0.1 or 1 (CHF)'),
        /**
         * Target languages the pricer does not price: chosen, they are quoted by
         * hand (`"other"`, any language the list lacks). Among `PRICER_LANGUAGES` of
         * content/ids.ts.
         */
        quotedOnRequest: z
          .array(
            z.enum(PRICER_LANGUAGES, {
              error: (i) => `"${String(i.input)}" is not a language of the pricer (${PRICER_LANGUAGES.join(', ')})`,
            }),
          )
          .superRefine((list, ctx) => {
            list.forEach((l, i) => {
              if (list.indexOf(l) !== i) ctx.addIssue({ code: 'custom', path: [i], message: `"${l}" is listed twice` });
            });
          }),
      })
      .strict(),
  }),
};
