import { describe, expect, it } from 'vitest';
import { formatMoney, formatNumber } from '../../client/format';
import { moneyMistake } from '../../content/money';

// One way to write money, in both languages and everywhere: the spec's "390'000 CHF".
describe('formatMoney', () => {
  it("writes amounts as the spec writes 390'000 CHF and 2'160.00 CHF: the amount, thousands grouped with ', then CHF", () => {
    expect(formatMoney(2160)).toBe("2'160.00 CHF");
    expect(formatMoney(390000)).toBe("390'000.00 CHF");
    expect(formatMoney(1080)).toBe("1'080.00 CHF");
    // The spec's key figure, as the content writes it (whole francs), is the form the content check asks for.
    expect(moneyMistake("390'000 CHF de chiffre d’affaires")).toBeUndefined();
  });

  it('keeps the centimes, and groups every thousand', () => {
    expect(formatMoney(0)).toBe('0.00 CHF');
    expect(formatMoney(60)).toBe('60.00 CHF');
    expect(formatMoney(86.4)).toBe('86.40 CHF');
    expect(formatMoney(999.99)).toBe('999.99 CHF');
    expect(formatMoney(1000)).toBe("1'000.00 CHF");
    expect(formatMoney(1234567.05)).toBe("1'234'567.05 CHF");
    expect(formatMoney(0.1 + 0.2)).toBe('0.30 CHF');
    expect(formatMoney(-1500)).toBe("-1'500.00 CHF");
  });
});

describe('formatNumber', () => {
  it('groups counts as amounts are grouped, at most two decimals', () => {
    expect(formatNumber(100000)).toBe("100'000");
    expect(formatNumber(1200)).toBe("1'200");
    expect(formatNumber(999)).toBe('999');
    expect(formatNumber(0.18)).toBe('0.18');
    expect(formatNumber(0.5)).toBe('0.5');
    expect(formatNumber(2.005)).toBe('2.01');
  });
});

describe('amounts in content texts (npm run content:check)', () => {
  it.each([
    "390'000 CHF de chiffre d’affaires",
    "Revenue reached 390'000 CHF.",
    "2'160.00 CHF",
    '30 CHF de l’heure',
    '0.18 CHF par mot',
    'In 2024 300 CHF went to the gala',
    'CHF', // the word alone
    'No amount at all: 36 projects, 135 students.',
  ])('accepts %j', (text) => {
    expect(moneyMistake(text)).toBeUndefined();
  });

  it.each([
    ['CHF 30 per hour', 'CHF 30'],
    ['Revenue reached CHF 390’000.', 'CHF 390’000'],
    ['390’000 CHF', '390’000 CHF'],
    ['390 000 CHF', '390 000 CHF'],
    ['1\u202f080.00\u00a0CHF', '1\u202f080.00 CHF'],
    ['1500 CHF', '1500 CHF'],
    ['12,50 CHF', '12,50 CHF'],
    ['30.- CHF de l’heure', '30.- CHF'],
    ['2 000.– CHF', '2 000.– CHF'],
  ])('refuses %j, naming %j and how to write it', (text, named) => {
    const mistake = moneyMistake(text);
    expect(mistake?.message).toContain(`"${named}"`);
    expect(mistake?.message).toContain("390'000 CHF, 2'160.00 CHF");
  });

  it('says where the first mistake starts', () => {
    expect(moneyMistake('Prix : 1500 CHF, puis CHF 20')?.index).toBe(22);
    expect(moneyMistake('Prix : 1500 CHF')?.index).toBe(7);
    // The amount, not the year before it.
    expect(moneyMistake('En 2024, 390 000 CHF')?.index).toBe(9);
  });
});
