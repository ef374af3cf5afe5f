import { useMemo } from 'react';
import type { ListedTransaction } from '../../model';
import type { StockRow } from '../../machines/selectors';
import type { Column } from '../components/windowed-table';
import { useFormats } from '../locale-context';
import { editButtonOf } from './focus-targets';

/** The columns of a ticker section's three tables. */
export interface SectionColumns {
  stock: ReadonlyArray<Column<StockRow>>;
  dividend: ReadonlyArray<Column<ListedTransaction>>;
  commission: ReadonlyArray<Column<ListedTransaction>>;
}

/**
 * The transactions tables' columns, each row with its Edit and Delete buttons: a ticker section's three
 * tables, and the one mixed list a search shows. They live as long as the page (`onEdit` and `onDelete`
 * stable): its tables are not drawn again when something else changes.
 */
export function useTransactionColumns(
  onEdit: (transaction: ListedTransaction) => void,
  onDelete: (transaction: ListedTransaction) => void,
) {
  const formats = useFormats();
  return useMemo(() => {
    const rowButtons = (transaction: ListedTransaction) => {
      const named = `${transaction.type} ${transaction.ticker} ${formats.date(transaction.date)}`;
      return (
        <span className="row-actions">
          <button
            type="button"
            id={editButtonOf(transaction.id)}
            className="link"
            onClick={() => onEdit(transaction)}
            aria-label={`Edit ${named}`}
          >
            Edit
          </button>
          <button
            type="button"
            className="link danger"
            onClick={() => onDelete(transaction)}
            aria-label={`Delete ${named}`}
          >
            Delete
          </button>
        </span>
      );
    };
    const actions: Column<ListedTransaction> = {
      header: <span className="visually-hidden">Actions</span>,
      width: '7.5rem',
      cell: rowButtons,
    };
    const stock: Array<Column<StockRow>> = [
      { header: 'Date', width: '7.5rem', cell: ({ transaction }) => formats.date(transaction.date) },
      { header: 'Amount', width: '6rem', cell: ({ transaction }) => formats.quantity(transaction.amount) },
      {
        header: 'Value',
        width: '10rem',
        cell: ({ transaction }) => formats.money(transaction.value, transaction.currency),
      },
      {
        header: 'Price per share',
        label: 'Per share',
        width: '10rem',
        cell: ({ pricePerShare, transaction }) => formats.money(pricePerShare, transaction.currency),
      },
      { header: actions.header, width: actions.width, cell: ({ transaction }) => rowButtons(transaction) },
    ];
    const cash: Array<Column<ListedTransaction>> = [
      { header: 'Date', width: '7.5rem', cell: (transaction) => formats.date(transaction.date) },
      {
        header: 'Value',
        width: '10rem',
        cell: (transaction) => formats.money(transaction.value, transaction.currency),
      },
      actions,
    ];
    // A dividend's value is the cash received; the tax withheld beside it ('–' where none is recorded).
    const dividend: Array<Column<ListedTransaction>> = [
      cash[0]!,
      {
        header: 'Received',
        width: '10rem',
        cell: (transaction) => formats.money(transaction.value, transaction.currency),
      },
      {
        header: 'Tax withheld',
        width: '10rem',
        cell: (transaction) =>
          transaction.tax === undefined ? '–' : formats.money(transaction.tax, transaction.currency),
      },
      actions,
    ];
    // One list of every type, as a search, a filter or an order shows it.
    const mixed: Array<Column<ListedTransaction>> = [
      { header: 'Ticker', width: '7rem', cell: (transaction) => transaction.ticker },
      { header: 'Type', width: '6.5rem', cell: (transaction) => transaction.type },
      cash[0]!,
      {
        header: 'Amount',
        width: '6rem',
        cell: (transaction) => (transaction.type === 'stock' ? formats.quantity(transaction.amount) : '–'),
      },
      cash[1]!,
      actions,
    ];
    return { sectionColumns: { stock, dividend, commission: cash } satisfies SectionColumns, mixedColumns: mixed };
  }, [formats, onEdit, onDelete]);
}
