/**
 * Each ticker's state on the grid (ticker-state.ts) for the base currency, and those of the base before
 * it: a switch back to that base (EUR ⇄ GBP, and back) finds its tickers computed instead of converting
 * every one again. Everything that drops a state drops it in both: a ticker's rows or quote changed, an
 * exchange rate's quote changed (a state that converts with it), a new grid.
 */
import type { TickerState } from './ticker-state';

export class StatesPerBase {
  /** The base currency's states, by ticker. */
  current = new Map<string, TickerState>();
  /** The states of the base before the current one (none before a switch). */
  private previous = new Map<string, TickerState>();
  private previousBase = '';

  constructor(private base: string) {}

  /** The states of `base`: those kept from when it was the base before, or none. */
  switchTo(base: string): void {
    if (base === this.base) return;
    const kept = base === this.previousBase ? this.previous : new Map<string, TickerState>();
    this.previous = this.current;
    this.previousBase = this.base;
    this.base = base;
    this.current = kept;
  }

  /**
   * Computes the state of each of `tickers` the base has none of yet (telling `computed` each), handing
   * `compute` its state in the base before, if kept: what no base changes is taken from it (ticker-state.ts).
   */
  fill<T>(
    tickers: ReadonlyMap<string, T>,
    computed: ((ticker: string) => void) | undefined,
    compute: (rows: T, before?: TickerState) => TickerState,
  ): void {
    for (const [ticker, rows] of tickers) {
      if (this.current.has(ticker)) continue;
      computed?.(ticker);
      this.current.set(ticker, compute(rows, this.previous.get(ticker)));
    }
  }

  /**
   * Drops the state of `symbol` in both bases (its rows or its quote changed), and with `converting` the
   * state of every ticker that converts with it (an exchange rate's quote changed).
   */
  forget(symbol: string, converting = false): void {
    for (const states of [this.current, this.previous]) {
      states.delete(symbol);
      if (converting) for (const [ticker, state] of states) if (state.fxSymbols.includes(symbol)) states.delete(ticker);
    }
  }

  /** Drops every state (a new grid). */
  clear(): void {
    this.current.clear();
    this.previous.clear();
  }
}
