import { describe, expect, it } from 'vitest';
import { callablePhone } from '../../client/phone';

describe('callablePhone()', () => {
  it.each([
    '079 123 45 67',
    '0791234567',
    '+41 79 123 45 67',
    '+41791234567',
    '0041791234567',
    '0041 79 123 45 67',
    '+41 (0)79 123 45 67',
    '079/123.45.67',
    '079-123-45-67',
    '(079) 123 45 67',
    ' 079\u00a0123\u00a045\u00a067 ',
  ])('writes the Swiss mobile number %j in its Swiss form, linked in E.164', (typed) => {
    expect(callablePhone(typed)).toEqual({ display: '+41 79 123 45 67', e164: '+41791234567' });
  });

  it.each([
    ['021 693 11 11', '+41 21 693 11 11', '+41216931111'],
    ['+41 58 123 45 67', '+41 58 123 45 67', '+41581234567'],
    ['0800 123 456', '+41 800 123 456', '+41800123456'],
    ['0848 000 111', '+41 848 000 111', '+41848000111'],
    ['0878 123 456', '+41 878 123 456', '+41878123456'],
    ['0901 123 456', '+41 901 123 456', '+41901123456'],
    ['081 257 11 11', '+41 81 257 11 11', '+41812571111'],
    ['091 123 45 67', '+41 91 123 45 67', '+41911234567'],
  ])('groups other Swiss numbers as the Swiss do: %j is %j', (typed, display, e164) => {
    expect(callablePhone(typed)).toEqual({ display, e164 });
  });

  it.each([
    ['+33 6 12 34 56 78', '+33 6 12 34 56 78', '+33612345678'],
    ['0033 6 12 34 56 78', '+33 6 12 34 56 78', '+33612345678'],
    ['00 33 6 12 34 56 78', '+33 6 12 34 56 78', '+33612345678'],
    ['+44 (0)20 7946 0958', '+44 (0)20 7946 0958', '+442079460958'],
    ['+1 415-555-2671', '+1 415-555-2671', '+14155552671'],
    ['+4930123456', '+4930123456', '+4930123456'],
  ])('keeps a number of another country as typed, %j showing %j, linked as %s', (typed, display, e164) => {
    expect(callablePhone(typed)).toEqual({ display, e164 });
  });

  it.each([
    ['letters', 'call me'],
    ['an extension in words', '079 123 45 67 ext. 12'],
    ['two numbers', '079 123 45 67, 021 693 11 11'],
    ['a Swiss number one digit short', '079 123 45 6'],
    ['a Swiss number one digit long', '+41 79 123 45 678'],
    ['a 0 after +41', '+41 079 123 45 6'],
    ['no prefix at all', '791234567'],
    ['a + inside', '079+1234567'],
    ['two +', '++41791234567'],
    ['a bare +', '+'],
    ['too short for any country', '+33 12 34'],
    ['too long for E.164', '+33 6 12 34 56 78 90 12 34'],
    ['a country code of 0', '+0 12 34 56 78'],
    ['nothing but separators', '--- ...'],
  ])('cannot call %s (%j)', (_, typed) => {
    expect(callablePhone(typed)).toBeUndefined();
  });
});
