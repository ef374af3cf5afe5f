/** Positions with more shares sold than bought: what their figures mean, and how to mend them. */
import type { HoldingRow } from './holding-rows';
import { useFormats } from '../locale-context';

/** Beside the row's ticker: the position is below 0, said in words (the note says why). */
export const OVERSOLD_MARK = 'more sold than bought';

/**
 * A sell with no buy before it in the transactions (a DEGIRO export that starts after the first buy)
 * leaves a position below 0 shares: its value is negative and what the sells got counts as realised gain
 * in full, since nothing is known of what those shares cost (SEMANTICS.md, Holdings). Said once above
 * the table, naming each such position; nothing when there is none.
 */
export function OversoldNote({ rows }: { rows: readonly HoldingRow[] }) {
  const formats = useFormats();
  const oversold = rows.filter((row) => row.oversold);
  if (oversold.length === 0) return null;
  const one = oversold.length === 1;
  const named = oversold.map((row) => `${row.ticker} (${formats.quantity(row.shares)} shares)`).join(', ');
  return (
    <div className="notice oversold-note" role="note" aria-label="More sold than bought">
      <p>
        <strong>More sold than bought:</strong> {named}. The statement may start after the first buy. Until the earlier buys are added (on the
        Transactions page, or by importing an older statement), {one ? 'its' : 'their'} value is negative and the sells’ proceeds for the shares
        beyond those bought count in full as realised gain: what those shares cost is not known.
      </p>
    </div>
  );
}
