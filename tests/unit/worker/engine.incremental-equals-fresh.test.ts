/**
 * What the engine keeps between calls (the rows it compared, the closes on the grid, the value sums of
 * blocks of tickers, the rates, the tickers of the base before, the arrays a derive reuses) never shows
 * in a figure, and no array it keeps is handed out: after each change — an edit, a row moved to
 * another ticker, a row added, a cash row edited, a toggle, the base currency changed and changed back,
 * an exchange rate's quote changed — its derive equals, value for value, a fresh engine's derive of the
 * same input. On the benchmark's workload M (20 tickers, so blocks of eight are summed) with cash in two
 * currencies and a fee, for two seeds.
 */
import { describe, expect, it } from 'vitest';
import type { CashTransaction, QuoteEntry, Transaction, TransactionSetWithCash } from '#src/model';
import { PortfolioEngine, type Derivation } from '#src/worker/engine';
import { firstDifference } from '#helpers/worker/compare-figures';
import { makeWorkload, type Workload } from '#bench/workloads/make-workload';

const cashOf = (workload: Workload): CashTransaction[] => {
  const firstDate = workload.transactions.stock[0].date;
  return [
    { type: 'cash', kind: 'deposit', date: firstDate, value: 50_000, currency: 'EUR' },
    { type: 'cash', kind: 'deposit', date: '2015-03-02', value: 20_000, currency: 'USD' },
    { type: 'cash', kind: 'withdrawal', date: '2019-06-03', value: -5_000, currency: 'EUR' },
    { type: 'cash', kind: 'fee', date: '2024-01-02', value: -2.5, currency: 'EUR' },
  ];
};

function freshDerive(
  set: TransactionSetWithCash,
  quotes: readonly QuoteEntry[],
  base: string,
  asOf: string,
  benchmark: string,
): Derivation {
  const engine = new PortfolioEngine();
  engine.setBaseCurrency(base);
  engine.setBenchmark(benchmark);
  engine.setTransactions(set);
  engine.setQuotes([...quotes]);
  return engine.derive(asOf, null);
}

const withRow = (list: Transaction[], index: number, change: Partial<Transaction>): Transaction[] =>
  list.map((row, k) => (k === index ? { ...row, ...change } : row));

describe.each(['engine-benchmark', 'another seed'])('an engine kept across changes (seed %s)', (seed) => {
  const workload = makeWorkload('M', seed);
  const benchmark = workload.quotes[0].symbol;
  const { asOf } = workload;

  it('derives what a fresh engine derives after every kind of change', { timeout: 60_000 }, () => {
    let set: TransactionSetWithCash = { ...workload.transactions, cash: cashOf(workload) };
    let quotes: QuoteEntry[] = [...workload.quotes, ...workload.toGbp.quotes];
    let base = 'EUR';
    const engine = new PortfolioEngine();
    engine.setBenchmark(benchmark);
    engine.setTransactions(set);
    engine.setQuotes(quotes);
    const same = (step: string) =>
      expect(firstDifference(engine.derive(asOf, null), freshDerive(set, quotes, base, asOf, benchmark)), step).toBe(
        null,
      );
    same('first derive');
    // Arrays kept between derives (scratch.ts, the value sums' blocks) are never handed out: a result
    // stays as it was handed out, whatever is derived after it.
    const firstResult = engine.derive(asOf, null);
    const asHandedOut = structuredClone(firstResult);

    const { stock, dividend } = workload.transactions;
    set = { ...set, stock: withRow(stock, stock.length - 1, { value: stock[stock.length - 1].value + 17.5 }) };
    engine.setTransactions(set);
    same('a late trade edited');

    set = { ...set, stock: withRow(set.stock, 3, { value: set.stock[3].value * 2, amount: 7 }) };
    engine.setTransactions(set);
    same('an early trade edited (the grid starts there)');

    const other = stock.find((row) => row.ticker !== dividend[0].ticker)!.ticker;
    set = { ...set, dividend: withRow(dividend, 0, { ticker: other }) };
    engine.setTransactions(set);
    same('a dividend moved to another ticker');

    set = { ...set, commission: [...set.commission, { ...set.commission[0], date: '2024-12-30', value: 4 }] };
    engine.setTransactions(set);
    same('a commission added');

    const lastOf = (ticker: string) => set.stock.findLastIndex((row) => row.ticker === ticker);
    set = { ...set, stock: set.stock.filter((_, k) => k !== lastOf(other)) };
    engine.setTransactions(set);
    same("a ticker's last trade deleted");

    set = { ...set, stock: withRow(set.stock, lastOf(other), { product: 'Renamed Holding plc' }) };
    engine.setTransactions(set);
    same("a trade's product named");

    // A price currency shows only where no quote names the listing's currency.
    set = { ...set, stock: [...set.stock, { ...set.stock[0], ticker: 'NOQUOTE', date: '2024-12-30' }] };
    engine.setTransactions(set);
    same('a trade of a ticker without quotes added');
    set = { ...set, stock: withRow(set.stock, lastOf('NOQUOTE'), { priceCurrency: 'GBP' }) };
    engine.setTransactions(set);
    same('its price currency named');

    set = { ...set, stock: [...set.stock].reverse() };
    engine.setTransactions(set);
    same('the trades listed in reverse date order');
    set = { ...set, stock: withRow(set.stock, 10, { amount: set.stock[10].amount + 1 }) };
    engine.setTransactions(set);
    same('a trade edited in that order');

    set = { ...set, cash: set.cash!.map((row, k) => (k === 1 ? { ...row, value: 25_000 } : row)) };
    engine.setTransactions(set);
    same('a cash row edited');

    const names = Object.keys(engine.derive(asOf, null).tickers);
    const some = names.filter((_, k) => k % 3 !== 0);
    const freshEngine = new PortfolioEngine();
    freshEngine.setBenchmark(benchmark);
    freshEngine.setTransactions(set);
    freshEngine.setQuotes(quotes);
    freshEngine.derive(asOf, some);
    expect(firstDifference(engine.combine(some), freshEngine.combine(some), 'combine'), 'a toggle').toBe(null);
    same('after a toggle, every ticker again');

    base = 'GBP';
    engine.setBaseCurrency(base);
    same('the base currency changed to GBP');
    expect(firstDifference(firstResult, asHandedOut, 'first result'), 'the first result, after GBP').toBe(null);
    base = 'EUR';
    engine.setBaseCurrency(base);
    same('and back to EUR');

    quotes = quotes.map((entry) =>
      entry.symbol === 'GBPEUR=X' && 'closes' in entry
        ? { ...entry, closes: entry.closes.map((close) => close * 1.01) }
        : entry,
    );
    engine.setQuotes(quotes.filter((entry) => entry.symbol === 'GBPEUR=X'));
    same("an exchange rate's quote changed");
    expect(firstDifference(firstResult, asHandedOut, 'first result'), 'the first result as handed out').toBe(null);
  });

  it(
    "keeps a base's tickers for a switch back, and drops them with every change made in the other base",
    { timeout: 60_000 },
    () => {
      let set: TransactionSetWithCash = { ...workload.transactions, cash: cashOf(workload) };
      let quotes: QuoteEntry[] = [...workload.quotes, ...workload.toGbp.quotes];
      let base = 'GBP';
      let day = asOf;
      const computed: string[] = [];
      const engine = new PortfolioEngine({ onTickerComputed: (ticker) => computed.push(ticker) });
      engine.setBenchmark(benchmark);
      engine.setBaseCurrency(base);
      engine.setTransactions(set);
      engine.setQuotes(quotes);
      const same = (step: string) =>
        expect(firstDifference(engine.derive(day, null), freshDerive(set, quotes, base, day, benchmark)), step).toBe(
          null,
        );
      /** Each change is made with EUR as the base, then seen with GBP, whose tickers were kept. */
      const inEurThenGbp = (step: string, change: () => void) => {
        engine.setBaseCurrency((base = 'EUR'));
        engine.derive(day, null);
        change();
        same(`${step}, in EUR`);
        engine.setBaseCurrency((base = 'GBP'));
        same(`${step}, then in GBP`);
      };
      same('first derive, in GBP');
      engine.setBaseCurrency((base = 'EUR'));
      same('in EUR');
      computed.length = 0;
      engine.setBaseCurrency((base = 'GBP'));
      same('back in GBP');
      expect(computed, "GBP's tickers were kept").toEqual([]);

      const { stock } = workload.transactions;
      inEurThenGbp('a late trade edited', () => {
        set = { ...set, stock: withRow(stock, stock.length - 1, { value: stock[stock.length - 1].value + 17.5 }) };
        engine.setTransactions(set);
      });
      const gone = stock[0].ticker;
      inEurThenGbp("a ticker's rows deleted", () => {
        set = { ...set, stock: set.stock.filter((row) => row.ticker !== gone) };
        engine.setTransactions(set);
      });
      const quoted = quotes.find((entry) => !entry.symbol.endsWith('=X') && entry.symbol !== gone)!.symbol;
      inEurThenGbp("a ticker's quote changed", () => {
        quotes = quotes.map((entry) =>
          entry.symbol === quoted && 'closes' in entry ? { ...entry, closes: entry.closes.map((c) => c * 1.1) } : entry,
        );
        engine.setQuotes(quotes.filter((entry) => entry.symbol === quoted));
      });
      // GBP=X (GBP per USD) converts only with GBP as the base: no EUR state uses it.
      inEurThenGbp("a rate only GBP's tickers use changed", () => {
        quotes = quotes.map((entry) =>
          entry.symbol === 'GBP=X' && 'closes' in entry
            ? { ...entry, closes: entry.closes.map((c) => c * 1.01) }
            : entry,
        );
        engine.setQuotes(quotes.filter((entry) => entry.symbol === 'GBP=X'));
      });
      inEurThenGbp('an earlier as-of (a new grid)', () => {
        day = '2024-06-28';
      });
    },
  );
});
