/*
 * Amounts in content texts, held to the one way the site writes money
 * (client/format.ts `formatMoney`): the amount, thousands grouped with a
 * straight apostrophe, then CHF, in both languages: `390'000 CHF`,
 * `2'160.00 CHF`, `30 CHF`. Build time only (content/collection-schema.ts and
 * scripts/content-load.mjs): an editor who types `CHF 390’000` or
 * `390 000 CHF` is told how to write it, rather than the site guessing.
 *
 * Linear: each pattern below matches runs that cannot overlap, and each run
 * is then read once.
 */

/** CHF written before the amount: `CHF 30`, `CHF 390’000`. */
const CURRENCY_FIRST = /CHF[ \u00a0\u202f]*\d[\d'’.,]*/g;
/** A run of digits and of what people group or split them with; the text after it says whether it is an amount. */
const NUMBER_RUN = /\d[\d'’ \u00a0\u202f.,]*/g;
/** An amount as the site writes it: up to three digits, then groups of three after an apostrophe, then perhaps centimes. */
const WRITTEN_RIGHT = /^\d{1,3}(?:'\d{3})*(?:\.\d{2})?$/;

const HOW = "write it the site's way, the amount then CHF, thousands grouped with ' (390'000 CHF, 2'160.00 CHF, 30 CHF)";

/** What may come between an amount and its CHF: a Swiss "no centimes" dash (`30.- CHF`, refused), then spaces. */
const BEFORE_CHF = /^([-–]?)[ \u00a0\u202f]*CHF/;

/**
 * Where the amount a run of numbers ends with starts in it: `2024 300` ends
 * with `300`, but `390 000` is one amount grouped with a space.
 */
function lastAmountStart(run: string): number {
  const parts = [...run.matchAll(/[^ \u00a0\u202f]+/g)];
  let first = parts.length - 1;
  while (first > 0 && /^\d{1,3}$/.test(parts[first - 1]![0]) && /^\d{3}(?!\d)/.test(parts[first]![0])) first--;
  return parts[first]!.index;
}

/** The first amount of `text` written another way (where it starts, and how to write it); undefined when every amount is right. */
export function moneyMistake(text: string): { index: number; message: string } | undefined {
  for (const m of text.matchAll(CURRENCY_FIRST)) return { index: m.index, message: `"${m[0].replace(/[.,]+$/, '')}": ${HOW}` };
  for (const m of text.matchAll(NUMBER_RUN)) {
    const end = m.index + m[0].length;
    const before = BEFORE_CHF.exec(text.slice(end, end + 16));
    if (!before) continue;
    const run = m[0].trimEnd();
    const start = lastAmountStart(run);
    const amount = run.slice(start);
    if (before[1] || !WRITTEN_RIGHT.test(amount)) return { index: m.index + start, message: `"${amount}${before[1]} CHF": ${HOW}` };
  }
  return undefined;
}
