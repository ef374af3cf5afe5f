/**
 * Two accounts: a broker that converts EUR to USD and buys a USD stock, and pays an account fee (booked
 * without an account: it is in the first account); a pension that buys an EUR stock. Each view's
 * figures and the all-accounts view's are worked out from SEMANTICS.md ("Accounts and views", "Cash").
 *
 * EUR=X (EUR per USD): 0.9 from 2024-01-03 (also before, the first bar's), 0.92 on 2024-01-05.
 * broker   2024-01-02 deposit +1000 EUR
 *          2024-01-03 conversion −500 EUR, +550 USD (550 × 0.9 = 495 EUR: the exchange costs 5)
 *          2024-01-04 buy 5 Y for 500 USD (Y closes 100 USD on 01-04, 110 on 01-05)
 *          2024-01-05 fee −2 EUR
 * pension  2024-01-03 deposit +300 EUR
 *          2024-01-04 buy 3 X for 300 EUR (X closes 100 on 01-04, 90 on 01-05)
 * asOf 2024-01-05.
 *
 * broker (grid from 2024-01-01): cash EUR 1000 − 500 − 2 = 498, USD 550 − 500 = 50.
 *   accountValue: 01-02 1000; 01-03 500 + 550 × 0.9 = 995; 01-04 500 + 50 × 0.9 + 5 × 100 × 0.9 = 995;
 *   01-05 498 + 50 × 0.92 + 5 × 110 × 0.92 = 498 + 46 + 506 = 1050. netDeposits 1000, gain 50.
 *   TWR on deposits: 1000/1000 · 995/1000 · 995/995 · 1050/995 = 1.05: MAX +5 %.
 *   Summary: value 506, invested 500 × 0.9 = 450, commission = the fee 2, total return 506 − 450 − 2 = 54;
 *   the day before (01-04) profit 450 − 450 = 0 and no fee yet, so the 1d return is 54 too.
 *   Y's own figures and the securities' TWR leave the fee out: 506/450 − 1.
 * pension (grid from 2024-01-02): cash EUR 0; accountValue 01-03 300, 01-04 300, 01-05 270;
 *   netDeposits 300, gain −30; TWR −10 %.
 * all: cash EUR 498, USD 50; accountValue per day the sum of the two (1000, 1295, 1295, 1320),
 *   netDeposits 1300, gain 20 = 50 − 30; TWR 1000/1000 · (995 + 300)/(1000 + 300) · 1 · 1320/1295
 *   = 1320/1300; summary total return 54 − 30 = 24, commission 2.
 */
import { describe, expect, it } from 'vitest';
import type { Account, CashTransaction, TransactionSetWithCash } from '#src/model';
import { PortfolioEngine, type AccountFigures, type Derivation } from '#src/worker/engine';
import { chart, stock, transactionSet } from '#helpers/worker/portfolio';

const accounts: Account[] = [
  { id: 'broker', name: 'DEGIRO' },
  { id: 'pension', name: 'DEGIRO pension' },
];
const cash = (
  kind: CashTransaction['kind'],
  date: string,
  value: number,
  currency: 'EUR' | 'USD',
  account?: string,
): CashTransaction => ({
  type: 'cash',
  kind,
  date,
  value,
  currency,
  ...(account ? { account } : {}),
});
const set: TransactionSetWithCash = {
  ...transactionSet([
    { ...stock('Y', '2024-01-04', 5, 500, 'USD'), account: 'broker' },
    { ...stock('X', '2024-01-04', 3, 300), account: 'pension' },
  ]),
  cash: [
    cash('deposit', '2024-01-02', 1000, 'EUR', 'broker'),
    cash('conversion', '2024-01-03', -500, 'EUR', 'broker'),
    cash('conversion', '2024-01-03', 550, 'USD', 'broker'),
    cash('fee', '2024-01-05', -2, 'EUR'),
    cash('deposit', '2024-01-03', 300, 'EUR', 'pension'),
  ],
};
const quotes = [
  chart('EUR=X', {
    currency: 'EUR',
    bars: [
      ['2024-01-03', 0.9],
      ['2024-01-04', 0.9],
      ['2024-01-05', 0.92],
    ],
  }),
  chart('Y', {
    currency: 'USD',
    bars: [
      ['2024-01-04', 100],
      ['2024-01-05', 110],
    ],
  }),
  chart('X', {
    currency: 'EUR',
    bars: [
      ['2024-01-04', 100],
      ['2024-01-05', 90],
    ],
  }),
];

function deriveView(view: string | null): { d: Derivation; account: Extract<AccountFigures, { ok: true }> } {
  const engine = new PortfolioEngine();
  engine.setTransactions(set);
  engine.setView(view, accounts);
  engine.setQuotes(quotes);
  const d = engine.derive('2024-01-05', null);
  if (!d.account?.ok) throw new Error(`expected account figures for ${view ?? 'all'}`);
  return { d, account: d.account };
}

describe('two accounts, a currency conversion and an account fee', () => {
  const broker = deriveView('broker');
  const pension = deriveView('pension');
  const all = deriveView(null);

  it('carries each currency’s cash, a conversion moving it between them', () => {
    expect(broker.account.cash).toEqual({ EUR: 498, USD: 50 });
    expect(pension.account.cash).toEqual({ EUR: 0 });
    expect(all.account.cash).toEqual({ EUR: 498, USD: 50 });
  });

  it('values the broker at its cash and securities each day, the conversion at the day’s rate', () => {
    expect(broker.d.active.firstDay).toBe('2024-01-01');
    expect(Array.from(broker.account.accountValue)).toEqual([0, 1000, 995, 995, 1050].map((v) => expect.closeTo(v, 9)));
    expect(broker.account.gain).toBeCloseTo(50, 9);
    expect(broker.account.periods.MAX.cumulative).toBeCloseTo(5, 9);
  });

  it('charges the fee to the summary but to no ticker and not to the securities’ own TWR', () => {
    const { summary, tickers, performance } = broker.d;
    expect(summary.totalCommission).toBeCloseTo(2, 12);
    expect(summary.totalReturn.absolute).toBeCloseTo(54, 9);
    expect(summary.totalReturn.percentage).toBeCloseTo((54 / 506) * 100, 9);
    expect(summary.dailyReturn.absolute).toBeCloseTo(54, 9);
    expect(tickers.Y.totalCommission).toBe(0);
    expect(tickers.Y.totalReturn.absolute).toBeCloseTo(56, 9);
    expect(Array.from(broker.d.active.commission)).toEqual([0, 0, 0, 0, 0]);
    expect(performance.twr.MAX.cumulative).toBeCloseTo((506 / 450 - 1) * 100, 9);
  });

  it('computes the pension from its own transactions, on its own grid', () => {
    expect(pension.d.active.firstDay).toBe('2024-01-02');
    expect(Object.keys(pension.d.tickers)).toEqual(['X']);
    expect(Array.from(pension.account.accountValue)).toEqual([0, 300, 300, 270]);
    expect(pension.account.gain).toBe(-30);
    expect(pension.account.periods.MAX.cumulative).toBeCloseTo(-10, 9);
    expect(pension.d.summary.totalCommission).toBe(0);
  });

  it('sums the accounts in the all-accounts view', () => {
    const pensionOnAllGrid = [0, ...pension.account.accountValue];
    all.account.accountValue.forEach((value, i) =>
      expect(value).toBeCloseTo(broker.account.accountValue[i] + pensionOnAllGrid[i], 9),
    );
    all.account.netDeposits.forEach((value, i) =>
      expect(value).toBeCloseTo(broker.account.netDeposits[i] + [0, ...pension.account.netDeposits][i], 9),
    );
    expect(Array.from(all.account.accountValue)).toEqual([0, 1000, 1295, 1295, 1320].map((v) => expect.closeTo(v, 9)));
    expect(all.account.gain).toBeCloseTo(20, 9);
    expect(all.account.periods.MAX.cumulative).toBeCloseTo((1320 / 1300 - 1) * 100, 9);
    expect(all.d.summary.totalReturn.absolute).toBeCloseTo(24, 9);
    expect(all.d.summary.totalCommission).toBeCloseTo(2, 12);
  });

  it('asks for the exchange rate a cash currency needs, even with no trade in it', () => {
    const engine = new PortfolioEngine();
    engine.setTransactions({ ...transactionSet([]), cash: [cash('deposit', '2024-01-02', 100, 'USD')] });
    expect(engine.symbolsToRequest()).toEqual(['EUR=X']);
    expect(engine.derive('2024-01-05', null).account).toMatchObject({ ok: false, missingSymbols: ['EUR=X'] });
  });

  it('has no account figures for a view without cash transactions', () => {
    const engine = new PortfolioEngine();
    engine.setTransactions(transactionSet([stock('X', '2024-01-04', 3, 300)]));
    engine.setQuotes(quotes);
    expect(engine.derive('2024-01-05', null).account).toBeNull();
  });
});
