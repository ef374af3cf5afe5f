/**
 * Trades in six currencies reported in three base currencies (issue 34), through the `derive` CLI's own
 * path (scripts/scenario.ts, the scenario's top-level `baseCurrency`). Every expected number is worked out
 * here by hand from SEMANTICS.md ("Transactions", "Exchange rates", "Currencies and the base currency",
 * "Summary"), not from the engine.
 *
 * All trades on 2024-03-01, asOf 2024-03-05 (grid 2024-02-29 … 03-05). Each quote and each rate has a bar
 * on 03-01 (r1) and on 03-05 (r2): a transaction converts at r1 (its date), the value on asOf at r2.
 *   SAP.DE     2 shares for 300 EUR;      quote EUR 150 → 160
 *   KO         1 share  for 60 USD;       quote USD 60 → 62; dividend 0.50 USD on 03-04 (rate of 03-01: r1)
 *   ULVR.L    10 shares for 380 GBP;      quote GBp 3800 → 4000 (÷ 100: 40 GBP)
 *   NESN.SW    3 shares for 270 CHF;      quote CHF 90 → 95; commission 5 CHF on 03-01
 *   VOLV-B.ST 10 shares for 2,500 SEK;    quote SEK 250 → 260
 *   7203.T    10 shares for 30,000 JPY;   quote JPY 3000 → 3100
 * Rates (r1 → r2), each base's own symbols (USD through Yahoo's `B=X`):
 *   EUR: EUR=X 0.9 → 0.92, GBPEUR=X 1.16 → 1.17, CHFEUR=X 1.05 → 1.04, SEKEUR=X 0.088 → 0.089, JPYEUR=X 0.0062 → 0.0061
 *   USD: EURUSD=X 1.1 → 1.08, GBPUSD=X 1.27 → 1.26, CHFUSD=X 1.13 → 1.14, SEKUSD=X 0.096 → 0.097, JPYUSD=X 0.0067 → 0.0068
 *   GBP: EURGBP=X 0.86 → 0.85, GBP=X 0.79 → 0.8, CHFGBP=X 0.89 → 0.9, SEKGBP=X 0.075 → 0.076, JPYGBP=X 0.0053 → 0.0052
 * In EUR: value 320 + 62×0.92 + 400×1.17 + 285×1.04 + 2600×0.089 + 31000×0.0061
 *            = 320 + 57.04 + 468 + 296.4 + 231.4 + 189.1 = 1561.94;
 *         invested 300 + 60×0.9 + 380×1.16 + 270×1.05 + 2500×0.088 + 30000×0.0062
 *            = 300 + 54 + 440.8 + 283.5 + 220 + 186 = 1484.3;
 *         dividend 0.5×0.9 = 0.45; commission 5×1.05 = 5.25; total return 1561.94 − 1484.3 − 5.25 = 72.39.
 * In USD: value 320×1.08 + 62 + 400×1.26 + 285×1.14 + 2600×0.097 + 31000×0.0068
 *            = 345.6 + 62 + 504 + 324.9 + 252.2 + 210.8 = 1699.5;
 *         invested 300×1.1 + 60 + 380×1.27 + 270×1.13 + 2500×0.096 + 30000×0.0067
 *            = 330 + 60 + 482.6 + 305.1 + 240 + 201 = 1618.7;
 *         dividend 0.5; commission 5×1.13 = 5.65; total return 1699.5 − 1618.7 − 5.65 = 75.15.
 * In GBP: value 320×0.85 + 62×0.8 + 400 + 285×0.9 + 2600×0.076 + 31000×0.0052
 *            = 272 + 49.6 + 400 + 256.5 + 197.6 + 161.2 = 1336.9 (the pence quote needs no rate);
 *         invested 300×0.86 + 60×0.79 + 380 + 270×0.89 + 2500×0.075 + 30000×0.0053
 *            = 258 + 47.4 + 380 + 240.3 + 187.5 + 159 = 1272.2;
 *         dividend 0.5×0.79 = 0.395; commission 5×0.89 = 4.45; total return 1336.9 − 1272.2 − 4.45 = 60.25.
 * Without SEKGBP=X, in GBP: VOLV-B.ST is unpriced, named with the missing rate, and left out of every sum
 *   (value 1336.9 − 197.6 = 1139.3, invested 1272.2 − 187.5 = 1084.7), never valued at a rate of 0 or 1.
 */
import { describe, expect, it } from 'vitest';
import type { QuoteEntry, Transaction } from '#src/model';
import { PortfolioEngine, type Derivation } from '#src/worker/engine';
import { chart, commission, dividend, stock, transactionSet } from '#helpers/worker/portfolio';
import { deriveScenario, parseScenario, type Scenario } from '#scripts/scenario';
import { toExpected } from '#scripts/to-expected';

const ASOF = '2024-03-05';

const rows: Transaction[] = [
  stock('SAP.DE', '2024-03-01', 2, 300),
  stock('KO', '2024-03-01', 1, 60, 'USD'),
  stock('ULVR.L', '2024-03-01', 10, 380, 'GBP'),
  stock('NESN.SW', '2024-03-01', 3, 270, 'CHF'),
  stock('VOLV-B.ST', '2024-03-01', 10, 2500, 'SEK'),
  stock('7203.T', '2024-03-01', 10, 30000, 'JPY'),
  dividend('KO', '2024-03-04', 0.5, 'USD'),
  commission('NESN.SW', '2024-03-01', 5, 'CHF'),
];

const twoBars = (symbol: string, currency: string, first: number, last: number): QuoteEntry =>
  chart(symbol, {
    currency,
    bars: [
      ['2024-03-01', first],
      [ASOF, last],
    ],
  });

const listings: QuoteEntry[] = [
  twoBars('SAP.DE', 'EUR', 150, 160),
  twoBars('KO', 'USD', 60, 62),
  twoBars('ULVR.L', 'GBp', 3800, 4000),
  twoBars('NESN.SW', 'CHF', 90, 95),
  twoBars('VOLV-B.ST', 'SEK', 250, 260),
  twoBars('7203.T', 'JPY', 3000, 3100),
];

const RATES: Record<'EUR' | 'USD' | 'GBP', QuoteEntry[]> = {
  EUR: [
    twoBars('EUR=X', 'EUR', 0.9, 0.92),
    twoBars('GBPEUR=X', 'EUR', 1.16, 1.17),
    twoBars('CHFEUR=X', 'EUR', 1.05, 1.04),
    twoBars('SEKEUR=X', 'EUR', 0.088, 0.089),
    twoBars('JPYEUR=X', 'EUR', 0.0062, 0.0061),
  ],
  USD: [
    twoBars('EURUSD=X', 'USD', 1.1, 1.08),
    twoBars('GBPUSD=X', 'USD', 1.27, 1.26),
    twoBars('CHFUSD=X', 'USD', 1.13, 1.14),
    twoBars('SEKUSD=X', 'USD', 0.096, 0.097),
    twoBars('JPYUSD=X', 'USD', 0.0067, 0.0068),
  ],
  GBP: [
    twoBars('EURGBP=X', 'GBP', 0.86, 0.85),
    twoBars('GBP=X', 'GBP', 0.79, 0.8),
    twoBars('CHFGBP=X', 'GBP', 0.89, 0.9),
    twoBars('SEKGBP=X', 'GBP', 0.075, 0.076),
    twoBars('JPYGBP=X', 'GBP', 0.0053, 0.0052),
  ],
};

/** The hand-computed figures of the header, per base. */
const EXPECTED = {
  EUR: { value: 1561.94, invested: 1484.3, dividend: 0.45, commission: 5.25, totalReturn: 72.39 },
  USD: { value: 1699.5, invested: 1618.7, dividend: 0.5, commission: 5.65, totalReturn: 75.15 },
  GBP: { value: 1336.9, invested: 1272.2, dividend: 0.395, commission: 4.45, totalReturn: 60.25 },
} as const;

function scenario(baseCurrency: string | undefined, quotes: QuoteEntry[]): Scenario {
  // Through JSON and the CLI's schema, as a scenario file would come.
  const file = { asOf: ASOF, transactions: transactionSet(rows), quotes, ...(baseCurrency ? { baseCurrency } : {}) };
  const parsed = parseScenario(JSON.parse(JSON.stringify(file)));
  if (!parsed.ok) throw new Error(parsed.error);
  return parsed.scenario;
}

const allQuotes = [...listings, ...RATES.EUR, ...RATES.USD, ...RATES.GBP];

function expectFigures(d: Derivation, expected: (typeof EXPECTED)[keyof typeof EXPECTED]): void {
  expect(d.summary.excludedTickers).toEqual([]);
  expect(d.summary.missingSymbols).toEqual([]);
  expect(d.summary.portfolioValue).toBeCloseTo(expected.value, 9);
  expect(d.summary.totalInvested).toBeCloseTo(expected.invested, 9);
  expect(d.summary.totalDividend).toBeCloseTo(expected.dividend, 9);
  expect(d.summary.totalCommission).toBeCloseTo(expected.commission, 9);
  expect(d.summary.totalReturn.absolute).toBeCloseTo(expected.totalReturn, 9);
  expect(d.summary.totalReturn.percentage).toBeCloseTo((expected.totalReturn / expected.value) * 100, 9);
}

describe('six currencies reported in EUR, USD and GBP', () => {
  it.each(['EUR', 'USD', 'GBP'] as const)('in %s: every figure at that base’s own rates', (base) => {
    const d = deriveScenario(scenario(base, allQuotes));
    expect(d.baseCurrency).toBe(base);
    expectFigures(d, EXPECTED[base]);
  });

  it('takes EUR when the scenario names no base currency', () => {
    const d = deriveScenario(scenario(undefined, allQuotes));
    expect(d.baseCurrency).toBe('EUR');
    expectFigures(d, EXPECTED.EUR);
  });

  it('prices each share in the base: pence divided by 100, yen at the day’s rate', () => {
    const gbp = deriveScenario(scenario('GBP', allQuotes));
    expect(gbp.tickers['ULVR.L']).toMatchObject({ quoteCurrency: 'GBp', currentSharePrice: 40, portfolioValue: 400 });
    expect(gbp.tickers['ULVR.L']?.totalInvested).toBe(380);
    const eur = deriveScenario(scenario('EUR', allQuotes));
    expect(eur.tickers['7203.T']?.currentSharePrice).toBeCloseTo(3100 * 0.0061, 12);
    expect(eur.tickers['ULVR.L']?.currentSharePrice).toBeCloseTo(40 * 1.17, 12);
    const usd = deriveScenario(scenario('USD', allQuotes));
    expect(usd.tickers.KO).toMatchObject({ currentSharePrice: 62, totalInvested: 60, totalDividend: 0.5 });
  });

  it('charts the rates of the base it reports in', () => {
    const gbp = deriveScenario(scenario('GBP', allQuotes));
    const rates = gbp.active.prices.filter((price) => price.symbol.endsWith('=X')).map((price) => price.symbol);
    expect(rates).toEqual(['CHFGBP=X', 'EURGBP=X', 'GBP=X', 'JPYGBP=X', 'SEKGBP=X']);
  });
});

describe('the rates to request follow the base', () => {
  const tickers = ['7203.T', 'KO', 'NESN.SW', 'SAP.DE', 'ULVR.L', 'VOLV-B.ST'];
  it.each([
    ['EUR', ['CHFEUR=X', 'EUR=X', 'GBPEUR=X', 'JPYEUR=X', 'SEKEUR=X']],
    ['USD', ['CHFUSD=X', 'EURUSD=X', 'GBPUSD=X', 'JPYUSD=X', 'SEKUSD=X']],
    ['GBP', ['CHFGBP=X', 'EURGBP=X', 'GBP=X', 'JPYGBP=X', 'SEKGBP=X']],
  ] as const)('in %s: each currency’s rate to it, and none for the base itself', (base, rates) => {
    const engine = new PortfolioEngine();
    engine.setTransactions(transactionSet(rows));
    engine.setQuotes(listings);
    engine.setBaseCurrency(base);
    expect(engine.symbolsToRequest()).toEqual([...tickers, ...rates].sort());
  });
});

describe('a rate the market data does not have', () => {
  it('leaves the holding that needs it unpriced and names the rate, never a rate of 0 or 1', () => {
    const quotes = allQuotes.filter((entry) => entry.symbol !== 'SEKGBP=X');
    const d = deriveScenario(scenario('GBP', quotes));
    expect(d.tickers['VOLV-B.ST']).toMatchObject({ excluded: true, missingSymbols: ['SEKGBP=X'] });
    expect(d.tickers['VOLV-B.ST']?.portfolioValue).toBeNaN();
    expect(d.summary.excludedTickers).toEqual(['VOLV-B.ST']);
    expect(d.summary.missingSymbols).toEqual(['SEKGBP=X']);
    expect(d.summary.portfolioValue).toBeCloseTo(1336.9 - 197.6, 9);
    expect(d.summary.totalInvested).toBeCloseTo(1272.2 - 187.5, 9);
    expect(d.holdings['VOLV-B.ST']?.costBasis).toBeNaN();
  });

  it('names a rate whose quote failed the same way', () => {
    const quotes = [...allQuotes.filter((entry) => entry.symbol !== 'JPYUSD=X'), { symbol: 'JPYUSD=X', error: 'down' }];
    const d = deriveScenario(scenario('USD', quotes));
    expect(d.tickers['7203.T']).toMatchObject({ excluded: true, missingSymbols: ['JPYUSD=X'] });
    expect(d.summary.portfolioValue).toBeCloseTo(1699.5 - 210.8, 9);
  });
});

describe('switching the base', () => {
  it('to GBP and back to EUR gives the same figures as never switching', () => {
    const engine = new PortfolioEngine();
    engine.setTransactions(transactionSet(rows));
    engine.setQuotes(allQuotes);
    const before = toExpected(engine.derive(ASOF, null));
    engine.setBaseCurrency('GBP');
    const inGbp = engine.derive(ASOF, null);
    expect(inGbp.baseCurrency).toBe('GBP');
    expectFigures(inGbp, EXPECTED.GBP);
    engine.setBaseCurrency('EUR');
    const after = engine.derive(ASOF, null);
    expect(after.baseCurrency).toBe('EUR');
    expect(toExpected(after)).toEqual(before);
    expectFigures(after, EXPECTED.EUR);
  });

  it('recomputes every ticker once per switch, and none when the base is set again unchanged', () => {
    const computed: string[] = [];
    const engine = new PortfolioEngine({ onTickerComputed: (ticker) => computed.push(ticker) });
    engine.setTransactions(transactionSet(rows));
    engine.setQuotes(allQuotes);
    engine.derive(ASOF, null);
    computed.length = 0;
    engine.setBaseCurrency('EUR');
    engine.derive(ASOF, null);
    expect(computed).toEqual([]);
    engine.setBaseCurrency('USD');
    engine.derive(ASOF, null);
    expect(computed.sort()).toEqual(['7203.T', 'KO', 'NESN.SW', 'SAP.DE', 'ULVR.L', 'VOLV-B.ST']);
  });
});
