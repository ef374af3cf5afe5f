/**
 * The tickers' value series summed day by day in blocks: the tickers with series, in name order, fall
 * into blocks of `BLOCK` (their places in that list), and a set of tickers sums each block's members it
 * holds, then the blocks in order. A block's sum is kept while its members are the same series objects,
 * so after one ticker's change (an edit, a quote) or a toggle only the block it is in is summed again,
 * not every ticker. A kept block and a fresh one add in the same order, so both give the same figures; up
 * to `BLOCK` tickers the sum is the plain one, ticker after ticker. Each member adds its value into its
 * block's sum day by day as it walks it (`addValue`: the numbers `fillValue` writes, added in the same
 * order as writing and then adding them), or writes it into one array kept here and that is added: no
 * value series is kept per ticker, only per block.
 */

const BLOCK = 8;
/** A block not used by the last few sums is dropped (a toggle and the all-tickers set alternate). */
const KEEP_CALLS = 4;

/** A ticker's value per day, written into `out` or added into a sum on demand (ticker-series.ts). */
export interface ValueSource {
  fillValue(out: Float64Array): Float64Array;
  /** `fillValue` and then adding `out` into `sum`, in one pass (the same numbers); without it, those two. */
  addValue?(sum: Float64Array): void;
}

interface Block {
  members: ValueSource[];
  sum: Float64Array;
  used: number;
}

export class ValueSums {
  private readonly blocks = new Map<string, Block>();
  private calls = 0;
  /** Where a member's value is written before it is added to its block's sum. */
  private member = new Float64Array(0);

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
    let block = this.blocks.get(key);
    if (!block || block.sum.length !== length || !sameMembers(block.members, series, start)) {
      // One ticker: its own value as it is (as adding it to zeros would, but for a -0). A block summed again
      // writes into its old sum, which nothing outside holds (`sum` copies it out): no fresh memory per edit.
      const sum = block?.sum.length === length ? block.sum.fill(0) : new Float64Array(length);
      if (end - start === 1) series[start].fillValue(sum);
      else {
        for (let k = start; k < end; k += 1) {
          const member = series[k];
          if (member.addValue) member.addValue(sum);
          else addInto(sum, member.fillValue(this.memberArray(length)));
        }
      }
      block = { members: series.slice(start, end), sum, used: 0 };
      this.blocks.set(key, block);
    }
    block.used = this.calls;
    return block.sum;
  }

  private memberArray(length: number): Float64Array {
    if (this.member.length !== length) this.member = new Float64Array(length);
    return this.member;
  }
}

function sameMembers(members: readonly ValueSource[], series: readonly ValueSource[], start: number): boolean {
  for (let k = 0; k < members.length; k += 1) if (members[k] !== series[start + k]) return false;
  return true;
}

function addInto(sum: Float64Array, series: Float64Array): void {
  for (let i = 0; i < sum.length; i += 1) sum[i] += series[i];
}
