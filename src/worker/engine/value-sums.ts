/**
 * The tickers' value series summed day by day in blocks: the tickers with series, in name order, fall
 * into blocks of `BLOCK` (their places in that list), and a set of tickers sums each block's members it
 * holds, then the blocks in order. A block sums its members' values per quote currency before any rate
 * (`local`: shares × close / units, the same in every base), converts each currency's sum at its rate to
 * the base, in currency order, and adds the days its members have no close yet (shares × the provisional
 * price, in the base). So a base change keeps every block's local sums and only converts them again, and
 * after one ticker's change (an edit, a quote) or a toggle only the block it is in is summed again. No
 * value series is kept per ticker, only per block and currency.
 */

const BLOCK = 8;
/** A block not used by the last few sums is dropped (a toggle and the all-tickers set alternate). */
const KEEP_CALLS = 4;

/** A ticker's value per day in parts (ticker-series.ts): in its quote's currency before the rate, and the rest. */
export interface ValueSource {
  /** The quote's major currency (a quote in GBp counts in GBP); null without market data. */
  readonly currency: string | null;
  /** Base-currency units per unit of `currency` per grid day (ones for the base itself). */
  readonly rate: Float64Array;
  /** Adds shares × close / units into `local` on every day with a close. */
  addLocal(local: Float64Array): void;
  /** Adds shares × the provisional price (base currency) into `sum` on every day without a close. */
  addProvisional(sum: Float64Array): void;
  /** What `addLocal` reads: a source made of the same arrays (a state in another base) adds the same. */
  readonly localOf: readonly [close: Float64Array, days: Int32Array, shares: Float64Array];
}

/** One quote currency's sum of a block's values before the rate, with the arrays its members made it of. */
interface Local {
  parts: unknown[];
  sum: Float64Array;
}

interface Block {
  /** Per quote currency. */
  locals: Map<string, Local>;
  /** The members the sum was made of (their rates and provisional prices are in one base). */
  members: unknown[];
  sum: Float64Array;
  used: number;
}

export class ValueSums {
  private readonly blocks = new Map<string, Block>();
  private calls = 0;

  /**
   * A new array: Σ of `series` per day. `names[k]` is the ticker of `series[k]`, in name order, and
   * `everyTicker` every ticker with series, in name order (it places the blocks).
   */
  sum(
    length: number,
    names: readonly string[],
    series: readonly ValueSource[],
    everyTicker: readonly string[],
  ): Float64Array {
    this.calls += 1;
    const value = new Float64Array(length);
    const place = new Map(everyTicker.map((ticker, k) => [ticker, k]));
    let first = true;
    for (let start = 0; start < series.length;) {
      const block = Math.floor((place.get(names[start]) ?? -1) / BLOCK);
      let end = start + 1;
      while (end < series.length && Math.floor((place.get(names[end]) ?? -1) / BLOCK) === block) end += 1;
      const sum = this.block(length, names, series, start, end);
      if (first) value.set(sum);
      else addInto(value, sum);
      first = false;
      start = end;
    }
    for (const [key, block] of this.blocks) if (block.used < this.calls - KEEP_CALLS) this.blocks.delete(key);
    return value;
  }

  private block(
    length: number,
    names: readonly string[],
    series: readonly ValueSource[],
    start: number,
    end: number,
  ): Float64Array {
    const key = names.slice(start, end).join('\n');
    const members = series.slice(start, end);
    let block = this.blocks.get(key);
    if (!block || block.sum.length !== length)
      this.blocks.set(key, (block = { locals: new Map(), members: [], sum: new Float64Array(length), used: 0 }));
    if (!same(block.members, members)) {
      // Summed again into the arrays before (nothing outside holds them: `sum` copies out): no fresh memory
      // per edit. A currency's local sum is kept while its members add the same (a base change, an edit of
      // a ticker in another currency); a toggle makes another block (another key), summed afresh.
      const locals = new Map<string, Local>();
      block.sum.fill(0);
      for (const currency of [...new Set(members.map((member) => member.currency))].sort()) {
        if (currency === null) continue;
        const inCurrency = members.filter((member) => member.currency === currency);
        const parts = inCurrency.flatMap((member) => member.localOf);
        let local = block.locals.get(currency);
        if (!local || !same(local.parts, parts)) {
          const sum = local ? local.sum.fill(0) : new Float64Array(length);
          for (const member of inCurrency) member.addLocal(sum);
          local = { parts, sum };
        }
        locals.set(currency, local);
        addConverted(block.sum, local.sum, inCurrency[0].rate);
      }
      for (const member of members) member.addProvisional(block.sum);
      block.locals = locals;
      block.members = members;
    }
    block.used = this.calls;
    return block.sum;
  }
}

/** sum += local × rate per day; a day without a rate adds nothing (a price at no rate is worth 0, as a ticker's own value). */
function addConverted(sum: Float64Array, local: Float64Array, rate: Float64Array): void {
  for (let i = 0; i < sum.length; i += 1) {
    const rateToday = rate[i];
    if (rateToday === rateToday) sum[i] += local[i] * rateToday;
  }
}

/** The same items, one for one. */
function same(a: readonly unknown[], b: readonly unknown[]): boolean {
  if (a.length !== b.length) return false;
  for (let k = 0; k < a.length; k += 1) if (a[k] !== b[k]) return false;
  return true;
}

function addInto(sum: Float64Array, series: Float64Array): void {
  for (let i = 0; i < sum.length; i += 1) sum[i] += series[i];
}
