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
  /** The states of the base before the current one; null when none is kept. */
  private previous: { base: string; states: Map<string, TickerState> } | null = null;

  constructor(private base: string) {}

  /** The states of `base`: those kept from when it was the base before, or none. */
  switchTo(base: string): void {
    if (base === this.base) return;
    const kept = this.previous?.base === base ? this.previous.states : new Map<string, TickerState>();
    this.previous = { base: this.base, states: this.current };
    this.base = base;
    this.current = kept;
  }

  /** Drops `ticker`'s state in every base (its rows or its quote changed). */
  forget(ticker: string): void {
    this.current.delete(ticker);
    this.previous?.states.delete(ticker);
  }

  /** Drops the state of `symbol` and of every ticker that converts with it, in every base (its quote changed). */
  forgetQuote(symbol: string): void {
    for (const states of this.all()) {
      states.delete(symbol);
      for (const [ticker, state] of states) if (state.fxSymbols.includes(symbol)) states.delete(ticker);
    }
  }

  /** Drops every state (a new grid). */
  clear(): void {
    this.current.clear();
    this.previous = null;
  }

  private all(): Map<string, TickerState>[] {
    return this.previous ? [this.current, this.previous.states] : [this.current];
  }
}
