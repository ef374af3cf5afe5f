import type { ListedTransaction } from '../../model';
import type { TransactionQuery } from '../../model/transaction-query';
import { WindowedTable, type Column } from '../components/windowed-table';
import { useFormats } from '../locale-context';
import { MATCHES_HEADING } from './focus-targets';
import { sortName } from './transaction-finder';
import type { FoundTransactions } from './use-transaction-search';

/** What a search, a filter or an order found: how many match (a status line), then the matching transactions in one list. */
export function TransactionMatches({
  query,
  plain,
  found,
  searching,
  searchError,
  columns,
}: {
  query: TransactionQuery;
  plain: boolean;
  found: FoundTransactions | null;
  searching: boolean;
  searchError: string | null;
  columns: ReadonlyArray<Column<ListedTransaction>>;
}) {
  const formats = useFormats();
  return (
    <>
      <p role="status" className="finder-status">
        {plain
          ? ''
          : searchError
            ? searchError
            : found === null
              ? 'Searching…'
              : `${formats.count(found.rows.length)} of ${formats.count(found.total)} transactions match${searching || !found.current ? ' (searching…)' : ''}.`}
      </p>
      {plain ? null : found && found.rows.length === 0 && found.current ? (
        <p className="empty">
          No transaction matches the search and the filters. <strong>Show all</strong> lists every transaction again.
        </p>
      ) : found ? (
        <section className="ticker-section" aria-labelledby={MATCHES_HEADING} aria-busy={searching || !found.current}>
          <h2 id={MATCHES_HEADING} tabIndex={-1}>
            Matching transactions
          </h2>
          <WindowedTable
            caption={`Sorted by ${sortName(query.sort).toLowerCase()}`}
            columns={columns}
            rows={found.rows}
          />
        </section>
      ) : null}
    </>
  );
}
