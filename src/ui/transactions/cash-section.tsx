import { useSelector } from '@xstate/react';
import { memo, useMemo } from 'react';
import type { ListedCash } from '../../model/cash';
import { selectAccounts, selectView, selectViewCash } from '../../machines/view-selectors';
import { CASH_KIND_NAMES } from '../../machines/cash-draft';
import { usePortfolioActor } from '../app-context';
import { WindowedTable, type Column } from '../components/windowed-table';
import { useFormats } from '../locale-context';
import { CASH_HEADING, editButtonOf } from './focus-targets';

/**
 * The view's cash rows (deposits, withdrawals, interest, account fees, conversion legs), newest first, each
 * with its kind and, in the all-accounts view, its account; Edit and Delete as on every transaction.
 */
export const CashSection = memo(function CashSection({
  onEdit,
  onDelete,
}: {
  onEdit: (cash: ListedCash) => void;
  onDelete: (cash: ListedCash) => void;
}) {
  const portfolio = usePortfolioActor();
  const rows = useSelector(portfolio, selectViewCash);
  const accounts = useSelector(portfolio, selectAccounts);
  const view = useSelector(portfolio, selectView);
  const formats = useFormats();
  const columns = useMemo(() => {
    const nameOf = new Map(accounts.map((account) => [account.id, account.name]));
    const named = (cash: ListedCash) =>
      `${CASH_KIND_NAMES[cash.kind]} ${formats.date(cash.date)} ${formats.money(cash.value, cash.currency)}`;
    const list: Array<Column<ListedCash>> = [
      { header: 'Date', width: '7.5rem', cell: (cash) => formats.date(cash.date) },
      { header: 'Kind', width: '10rem', cell: (cash) => CASH_KIND_NAMES[cash.kind] },
      {
        header: 'Amount',
        width: '10rem',
        className: 'number',
        cell: (cash) => formats.money(cash.value, cash.currency),
      },
    ];
    if (view === null && accounts.length > 1)
      list.push({
        header: 'Account',
        width: '10rem',
        cell: (cash) => nameOf.get(cash.account ?? accounts[0]!.id) ?? '',
      });
    list.push({
      header: <span className="visually-hidden">Actions</span>,
      width: '7.5rem',
      cell: (cash) => (
        <span className="row-actions">
          <button
            type="button"
            id={editButtonOf(cash.id)}
            className="link"
            onClick={() => onEdit(cash)}
            aria-label={`Edit ${named(cash)}`}
          >
            Edit
          </button>
          <button
            type="button"
            className="link danger"
            onClick={() => onDelete(cash)}
            aria-label={`Delete ${named(cash)}`}
          >
            Delete
          </button>
        </span>
      ),
    });
    return list;
  }, [accounts, view, formats, onEdit, onDelete]);
  if (rows.length === 0) return null;
  return (
    <section className="ticker-section cash-section" aria-labelledby={CASH_HEADING}>
      <h2 id={CASH_HEADING} tabIndex={-1}>
        Cash ({formats.count(rows.length)})
      </h2>
      <WindowedTable caption="Cash transactions" columns={columns} rows={rows} />
    </section>
  );
});
