// The Worker's clock for the browser tests, set by tests/e2e/global-setup.ts
// (wrangler dev --define E2E_NOW:"<ISO date>"). Offers and events show by date,
// so the site the browser sees is the same on any day the suite runs. Time
// still passes from there (leases, rate limits); only the starting day is fixed.
/* global E2E_NOW */
const RealDate = Date;
const fixed = RealDate.parse(E2E_NOW);
let offset;

function now() {
  const real = RealDate.now();
  // Outside a request workerd's clock reads 0: start counting at the first real reading.
  if (offset === undefined && real > 0) offset = fixed - real;
  return real + (offset ?? fixed);
}

class FixedDate extends RealDate {
  constructor(...args) {
    if (args.length === 0) super(now());
    else super(...args);
  }

  static now() {
    return now();
  }
}

globalThis.Date = FixedDate;
