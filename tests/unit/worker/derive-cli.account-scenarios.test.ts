/**
 * Scenarios of accounts and cash beyond the two goldens (`accounts-and-cash*`), through the `derive`
 * CLI's own path (scripts/scenario.ts; the last one through the real CLI). Every expected number is
 * worked out here from SEMANTICS.md ("Accounts and views", "Cash", "Summary", "TWR", "MWR"), not from
 * the engine.
 *
 * A. A view with no cash. Accounts a, b. a: deposit +500 EUR 2024-03-01, fee −3 EUR 2024-03-04.
 *    b: buy 2 Z for 100 EUR 2024-03-01 (Z closes 50 on 03-01, 60 on 03-05). asOf 2024-03-05.
 *    View b: no account figures (no `account` at all); value 2 × 60 = 120, invested 100, commission 0
 *      (a's fee is not b's), total return 20 = 16.67 % of 120; the securities' TWR MAX 120/100 − 1 = 20 %.
 *    View a: no ticker; cash EUR 497, account value 497, net deposits 500, gain −3; commission 3, total return −3.
 *    All: cash 500 − 100 − 3 = 397 (b's buy is paid from the cash of all accounts), account value
 *      120 + 397 = 517, net deposits 500, gain 17 = the total return 20 − 3; commission 3.
 * B. A period whose only flow is a withdrawal, and negative interest. One account, cash only:
 *    deposit +1000 EUR 2023-01-02, withdrawal −400 EUR 2024-06-03, interest −2 EUR 2024-06-28; asOf 2024-06-30.
 *    Grid from 2023-01-01 (index 0): 01-02 index 1, 06-03 index 519, 06-28 index 544, asOf index 546.
 *    Cash EUR 598 = account value; net deposits 1000, then 600; gain −2. Interest is no commission: the
 *    summary's commission and total return stay 0.
 *    TWR on deposits: r[1] = 1000/1000 − 1 = 0; r[519] = (600 + 400)/(1000 + 0) − 1 = 0 (out at the day's
 *    end); r[544] = 598/600 − 1; else 0. Every period with a value: 598/600 − 1 = −0.333 %. Annualised:
 *    MAX (546 days) (598/600)^(365/546) − 1; 1Y (P 2023-06-30, 366 days) (598/600)^(365/366) − 1; 1M, YTD none.
 *    MWR 1M (P 2024-05-30: −V[P] = −1000 at day 0; +400 at day 4; +598 at day 31), YTD (P 2023-12-31:
 *    −1000 at 0, +400 at 155, +598 at 182), MAX (V[P] 0 left out: −1000 at 1, +400 at 519, +598 at 546):
 *    each solves Σ flow (1 + x)^(−t/365) = 0, and is below 0 (2 lost).
 * C. A fee-only account. Accounts broker (deposit +100 EUR 2024-02-01) and costs: fee −5 EUR 2024-02-01,
 *    fee −2.50 USD 2024-03-01; EUR=X 0.9 throughout; asOf 2024-03-10. View costs: cash EUR −5, USD −2.5;
 *    cash value −5 − 2.5 × 0.9 = −7.25 = account value; net deposits 0; gain −7.25. TWR: the denominator
 *    V[d−1] + In[d] is never above 0, so every r is 0: MAX 0 %. MWR MAX: one flow (+V[asOf] = −7.25), no
 *    rate solves it: null. Summary: value 0, commission 5 + 2.5 × 0.9 = 7.25, total return −7.25 (percentage 0:
 *    the value is 0); 1m (since 2024-02-09) only the USD fee, −2.25; 1w and 1d 0.
 *    All accounts: cash EUR 95, USD −2.5; net deposits 100; gain 95 − 2.25 − 100 = −7.25.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Account, CashTransaction, Transaction } from '#src/model';
import type { AccountFigures, Derivation } from '#src/worker/engine';
import { chart, stock, transactionSet } from '#helpers/worker/portfolio';
import { deriveScenario, parseScenario, type Scenario } from '#scripts/scenario';
import { toExpected } from '#scripts/to-expected';

const root = join(import.meta.dirname, '../../..');

const cash = (
  kind: CashTransaction['kind'],
  date: string,
  value: number,
  account?: string,
  currency: 'EUR' | 'USD' = 'EUR',
): CashTransaction => ({
  type: 'cash',
  kind,
  date,
  value,
  currency,
  ...(account ? { account } : {}),
});

function scenario(rows: Transaction[], cashRows: CashTransaction[], rest: Omit<Scenario, 'transactions'>): Scenario {
  // Through JSON and the CLI's schema, as a scenario file would come.
  const parsed = parseScenario(
    JSON.parse(JSON.stringify({ ...rest, transactions: { ...transactionSet(rows), cash: cashRows } })),
  );
  if (!parsed.ok) throw new Error(parsed.error);
  return parsed.scenario;
}

function accountOf(d: Derivation): Extract<AccountFigures, { ok: true }> {
  if (!d.account?.ok) throw new Error(`expected account figures, got ${JSON.stringify(d.account)}`);
  return d.account;
}

/** Σ flow × (1 + x)^(−days / 365): the MWR equation of SEMANTICS.md, 0 at the rate. */
const presentValue = (ratePercent: number, flows: ReadonlyArray<readonly [number, number]>): number =>
  flows.reduce((sum, [days, amount]) => sum + amount * (1 + ratePercent / 100) ** (-days / 365), 0);

describe('A: a view with no cash', () => {
  const accounts: Account[] = [
    { id: 'a', name: 'Savings broker' },
    { id: 'b', name: 'Pension' },
  ];
  const input = (view: string | null) =>
    scenario(
      [{ ...stock('Z', '2024-03-01', 2, 100), account: 'b' }],
      [cash('deposit', '2024-03-01', 500, 'a'), cash('fee', '2024-03-04', -3, 'a')],
      {
        asOf: '2024-03-05',
        accounts,
        view,
        quotes: [
          chart('Z', {
            currency: 'EUR',
            bars: [
              ['2024-03-01', 50],
              ['2024-03-05', 60],
            ],
          }),
        ],
      },
    );

  it('has no account figures, and none of another account’s fees', () => {
    const d = deriveScenario(input('b'));
    expect(d.account).toBeNull();
    expect(toExpected(d)).not.toHaveProperty('account');
    expect(d.summary.portfolioValue).toBe(120);
    expect(d.summary.totalCommission).toBe(0);
    expect(d.summary.totalReturn.absolute).toBe(20);
    expect(d.summary.totalReturn.percentage).toBeCloseTo((20 / 120) * 100, 9);
    expect(d.performance.twr.MAX.cumulative).toBeCloseTo(20, 9);
  });

  it('gives the account with the cash its own figures, and all accounts the sum', () => {
    const a = deriveScenario(input('a'));
    expect(accountOf(a).cash).toEqual({ EUR: 497 });
    expect(accountOf(a).gain).toBe(-3);
    expect(a.summary.totalCommission).toBe(3);
    expect(a.summary.totalReturn.absolute).toBe(-3);
    const all = deriveScenario(input(null));
    const account = accountOf(all);
    expect(account.cash).toEqual({ EUR: 397 });
    expect(account.onAsOf).toEqual({ cashValue: 397, accountValue: 517, netDeposits: 500 });
    expect(account.gain).toBe(17);
    expect(all.summary.totalReturn.absolute).toBe(17);
  });
});

describe('B: a withdrawal-only period, and negative interest', () => {
  const d = deriveScenario(
    scenario(
      [],
      [cash('deposit', '2023-01-02', 1000), cash('withdrawal', '2024-06-03', -400), cash('interest', '2024-06-28', -2)],
      { asOf: '2024-06-30', quotes: [] },
    ),
  );
  const account = accountOf(d);

  it('keeps the interest in the cash only', () => {
    expect(account.cash).toEqual({ EUR: 598 });
    expect([1, 518, 519, 543, 544, 546].map((i) => account.netDeposits[i])).toEqual([1000, 1000, 600, 600, 600, 600]);
    expect([518, 519, 543, 544].map((i) => account.accountValue[i])).toEqual([1000, 600, 600, 598]);
    expect(account.gain).toBe(-2);
    expect(d.summary.totalCommission).toBe(0);
    expect(d.summary.totalReturn.absolute).toBe(0);
  });

  it('counts the withdrawal out at the end of its day: only the interest moves the TWR', () => {
    const cumulative = (598 / 600 - 1) * 100;
    for (const period of ['1M', 'YTD', '1Y', 'MAX'] as const)
      expect(account.periods[period].cumulative).toBeCloseTo(cumulative, 9);
    expect(account.periods.MAX.annualised).toBeCloseTo(((598 / 600) ** (365 / 546) - 1) * 100, 9);
    expect(account.periods['1Y'].annualised).toBeCloseTo(((598 / 600) ** (365 / 366) - 1) * 100, 9);
    expect(account.periods['1M'].annualised).toBeNull();
    expect(account.periods['3Y']).toEqual({ cumulative: null, annualised: null });
  });

  it('solves the MWR of each period from its opening value, the withdrawal and the closing value', () => {
    const cases = [
      [
        '1M',
        [
          [0, -1000],
          [4, 400],
          [31, 598],
        ],
      ],
      [
        'YTD',
        [
          [0, -1000],
          [155, 400],
          [182, 598],
        ],
      ],
      [
        'MAX',
        [
          [1, -1000],
          [519, 400],
          [546, 598],
        ],
      ],
    ] as const;
    for (const [period, flows] of cases) {
      const rate = account.mwr[period];
      expect(rate).not.toBeNull();
      expect(Math.abs(presentValue(rate as number, flows))).toBeLessThan(1e-8);
      expect(rate as number).toBeLessThan(0);
    }
  });
});

describe('C: an account of fees alone', () => {
  const accounts: Account[] = [
    { id: 'broker', name: 'Broker' },
    { id: 'costs', name: 'Exchange connection' },
  ];
  const input = (view: string | null) =>
    scenario(
      [],
      [
        cash('deposit', '2024-02-01', 100, 'broker'),
        cash('fee', '2024-02-01', -5, 'costs'),
        cash('fee', '2024-03-01', -2.5, 'costs', 'USD'),
      ],
      {
        asOf: '2024-03-10',
        accounts,
        view,
        quotes: [
          chart('EUR=X', {
            currency: 'EUR',
            bars: [
              ['2024-01-31', 0.9],
              ['2024-03-10', 0.9],
            ],
          }),
        ],
      },
    );

  it('is worth its fees, below 0, with no return on deposits it never had', () => {
    const d = deriveScenario(input('costs'));
    const account = accountOf(d);
    expect(account.cash).toEqual({ EUR: -5, USD: -2.5 });
    expect(account.onAsOf.cashValue).toBeCloseTo(-7.25, 12);
    expect(account.onAsOf.netDeposits).toBe(0);
    expect(account.gain).toBeCloseTo(-7.25, 12);
    expect(account.periods.MAX.cumulative).toBe(0);
    expect(account.mwr.MAX).toBeNull();
  });

  it('charges its fees to the summary as commission, each in its period', () => {
    const { summary } = deriveScenario(input('costs'));
    expect(summary.portfolioValue).toBe(0);
    expect(summary.totalCommission).toBeCloseTo(7.25, 12);
    expect(summary.totalReturn).toEqual({ absolute: expect.closeTo(-7.25, 12), percentage: 0 });
    expect(summary.monthlyReturn.absolute).toBeCloseTo(-2.25, 12);
    expect(summary.weeklyReturn.absolute).toBe(0);
    expect(summary.dailyReturn.absolute).toBe(0);
  });

  it('adds up with the broker in the all-accounts view, printed by the real derive CLI', () => {
    const path = join(mkdtempSync(join(tmpdir(), 'derive-accounts-')), 'fee-only.json');
    writeFileSync(path, JSON.stringify(input(null)));
    const run = spawnSync('npm', ['run', '--silent', 'derive', '--', path], {
      cwd: root,
      encoding: 'utf8',
      timeout: 120_000,
    });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    const printed = JSON.parse(run.stdout) as {
      account: { cash: Record<string, number>; netDeposits: number[]; gain: number };
      summary: { totalCommission: number };
    };
    expect(printed.account.cash).toEqual({ EUR: 95, USD: -2.5 });
    expect(printed.account.netDeposits.at(-1)).toBe(100);
    expect(printed.account.gain).toBeCloseTo(-7.25, 9);
    expect(printed.summary.totalCommission).toBeCloseTo(7.25, 9);
  });
});
