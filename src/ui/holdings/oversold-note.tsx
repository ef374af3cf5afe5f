/** Positions with more shares sold than bought: what their figures mean, and how to mend them. */
import { oversoldExplanation, type HoldingRow } from './holding-rows';
import { useFormats } from '../locale-context';

/** Beside the row's ticker: the position is below 0, said in words (the note says why). */
export const OVERSOLD_MARK = 'more sold than bought';

/**
 * A sell with no buy before it in the transactions (a DEGIRO export that starts after the first buy)
 * leaves a position below 0 shares. Said once above the table, one line per such position, with what
 * its value is and that the sells' proceeds for the shares beyond those bought are realised gain in full,
 * since nothing is known of what those shares cost (SEMANTICS.md, Holdings); nothing when there is none.
 */
export function OversoldNote({ rows }: { rows: readonly HoldingRow[] }) {
  const formats = useFormats();
  const oversold = rows.filter((row) => row.oversold);
  if (oversold.length === 0) return null;
  return (
    <div className="notice oversold-note" role="note" aria-label="More sold than bought">
      <p>
        <strong>More sold than bought:</strong> check for a missing buy in an earlier statement (import it, or add the
        buy on the Transactions page).
      </p>
      <ul>
        {oversold.map((row) => (
          <li key={row.ticker}>{oversoldExplanation(row, formats)}</li>
        ))}
      </ul>
    </div>
  );
}
