import type { Currency, Transaction } from '../../model';
import { MAPPED_FIELDS, type MappedField } from '../../model/csv-mapping';
import type { CountProgress, MappedPreview, MappedRow } from '../../worker';

export const plural = (n: number, word: string) => `${n.toLocaleString()} ${word}${n === 1 ? '' : 's'}`;

function describeTransaction(t: Transaction, money: (value: number, currency: Currency) => string): string {
  if (t.type === 'stock')
    return `${t.amount < 0 ? 'sell' : 'buy'} ${Math.abs(t.amount)} ${t.ticker} for ${money(Math.abs(t.value), t.currency)}`;
  if (t.type === 'dividend')
    return `dividend ${t.ticker} ${money(t.value, t.currency)}${t.tax ? `, tax ${money(t.tax, t.currency)}` : ''}`;
  return `commission ${t.ticker} ${money(t.value, t.currency)}`;
}

/**
 * The preview's one line: the mapping's own problem; the first rows' counts while every row is checked;
 * then the file's.
 */
function summaryText(preview: MappedPreview | null, previewing: boolean): string {
  if (previewing) return 'Reading the first rows…';
  if (preview === null) return '';
  if (preview.error !== null) return preview.error;
  if (!preview.complete) {
    return `First ${plural(preview.sampledRows, 'row')}: ${plural(preview.transactionCount, 'transaction')}; ${plural(preview.problemCount, 'row')} with a problem. Checking all ${preview.rowCount === null ? 'rows' : plural(preview.rowCount, 'row')}…`;
  }
  return `${plural(preview.rowCount ?? preview.sampledRows, 'row')}: ${plural(preview.transactionCount, 'transaction')} (${preview.newTransactions.toLocaleString()} new, ${preview.alreadyPresent.toLocaleString()} already imported); ${plural(preview.problemCount, 'row')} with a problem.`;
}

function PreviewRow({
  row,
  columns,
  money,
}: {
  row: MappedRow;
  columns: Record<MappedField, number | null>;
  money: (value: number, currency: Currency) => string;
}) {
  const cells = MAPPED_FIELDS.flatMap((field) => (columns[field] === null ? [] : [row.cells[columns[field]] ?? '']));
  return (
    <li className={row.problem ? 'problem' : undefined}>
      <span className="row-number">Row {row.row}:</span> <code>{cells.join(' · ')}</code>{' '}
      {row.problem ? (
        <strong className="error">Problem: {row.problem}</strong>
      ) : (
        <span>
          →{' '}
          {row.transactions
            .map((t) => (t.type === 'cash' ? `${t.kind} ${money(t.value, t.currency)}` : describeTransaction(t, money)))
            .join('; ')}
        </span>
      )}
    </li>
  );
}

/** The mapping step's preview: the summary, the progress of checking every row, the first rows as read, the problems. */
export function MappingPreview({
  preview,
  previewing,
  countingAll,
  counted,
  columns,
  money,
}: {
  preview: MappedPreview | null;
  previewing: boolean;
  countingAll: boolean;
  counted: CountProgress | null;
  columns: Record<MappedField, number | null>;
  money: (value: number, currency: Currency) => string;
}) {
  return (
    <section
      className="mapping-preview"
      aria-labelledby="mapping-preview-heading"
      aria-busy={previewing || countingAll}
    >
      <h4 id="mapping-preview-heading">Preview</h4>
      <p role="status">{summaryText(preview, previewing)}</p>
      {countingAll && preview && preview.error === null && !preview.complete ? (
        <p className="hint">
          <label htmlFor="mapping-count-progress">
            {preview.rowCount === null ? 'Checking all rows…' : `Checking all ${plural(preview.rowCount, 'row')}…`}
          </label>{' '}
          <progress id="mapping-count-progress" max={counted?.rowCount ?? 1} value={counted?.rowsRead ?? 0} />
        </p>
      ) : null}
      {preview && preview.rows.length > 0 ? (
        <ol className="mapping-rows" aria-label="First rows as read">
          {preview.rows.map((row) => (
            <PreviewRow key={row.row} row={row} columns={columns} money={money} />
          ))}
        </ol>
      ) : null}
      {preview && preview.problemCount > 0 && preview.error === null ? (
        <div className="attention">
          <h5 id="mapping-problems-heading">
            Rows with a problem ({preview.problemCount}
            {preview.complete ? '' : ` in the first ${plural(preview.sampledRows, 'row')}`})
            {preview.transactionCount > 0 ? ', left out of the import' : ''}
          </h5>
          <ul aria-labelledby="mapping-problems-heading">
            {preview.problems.map((problem) => (
              <li key={problem.row}>
                row {problem.row}: {problem.message}
              </li>
            ))}
          </ul>
          {preview.problemCount > preview.problems.length ? (
            <p className="hint">and {preview.problemCount - preview.problems.length} more.</p>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
