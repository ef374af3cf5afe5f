import { useSelector } from '@xstate/react';
import { memo, useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import type { ListedTransaction, TickerGroups, Transaction } from '../../model';
import {
  tickerSections,
  selectPortfolioStatus,
  selectSaveConflict,
  selectSavedCount,
  selectSaveError,
  selectPendingChange,
  selectTransactionCount,
  selectTransactions,
  selectTransactionsByTicker,
  selectTransactionsVersion,
  selectTickerRevisions,
  selectMatches,
  selectSearching,
  selectSearchError,
  type StockRow,
  type TickerSection,
} from '../../machines/selectors';
import { EVERY_TRANSACTION, isPlainListing, sameQuery, type TransactionQuery } from '../../model/transaction-query';
import { useAnnounce } from '../a11y/announcer';
import { focusIsLost } from '../a11y/focus';
import { PageHeading } from '../a11y/page-heading';
import { usePortfolioActor, useTransactionListActor, useTransactionsActor } from '../app-context';
import { ConfirmDialog } from '../components/confirm-dialog';
import { EditTransactionDialog } from '../transactions/edit-transaction-dialog';
import { ImportPanel } from '../transactions/import-panel';
import { PortfolioFailed } from '../components/portfolio-failed';
import { TransactionFinder, sortName } from '../transactions/transaction-finder';
import { TransactionForm } from '../transactions/transaction-form';
import { YourDataPanel } from '../your-data/your-data-panel';
import { WindowedTable, type Column } from '../components/windowed-table';
import { windowedRowHeight } from '../components/windowed-rows';
import { useSectionsMounted } from '../components/sections-mounted';
import type { Formats } from '../format';
import { useFormats } from '../locale-context';

/** Ticker sections in the page's first commit, and how many more each following task adds. */
const SECTIONS_PER_TASK = 4;

type Question = { kind: 'delete'; transaction: ListedTransaction } | { kind: 'deleteAll' } | null;

/** A transaction in words, as a save announces it: 'stock VWCE.DE on 06-05-2024, 2 shares, € 1.234,56'. */
function describeTransaction(t: Transaction, formats: Formats): string {
  const shares = t.type === 'stock' ? `, ${formats.quantity(t.amount)} shares` : '';
  return `${t.type} ${t.ticker} on ${formats.date(t.date)}${shares}, ${formats.money(t.value, t.currency)}`;
}

/** Where the focus goes once the confirm dialog has closed: the place the deleted rows were. */
const headingOf = (ticker: string) => `ticker-${ticker}`;
/** The heading of the list of transactions a search, a filter or an order shows. */
const MATCHES_HEADING = 'matches-heading';
/** The Edit button of the listed transaction `id`: the focus comes back to it after an edit (the id stays). */
const editButtonOf = (id: number) => `edit-${id}`;

const SAVED_WORDS = { add: 'added', edit: 'changed', delete: 'deleted' } as const;

interface SectionColumns {
  stock: ReadonlyArray<Column<StockRow>>;
  dividend: ReadonlyArray<Column<ListedTransaction>>;
  commission: ReadonlyArray<Column<ListedTransaction>>;
}

/** px, measured in Chromium at the page's 16 px text: a section's heading with its margins, and each table's caption, header row and margin. */
const SECTION_HEADING_PX = 65;
const TABLE_CHROME_PX = 72.5;

/**
 * px: the height of a section's content, for the browser to hold in its place while the section is far from
 * the screen and not laid out (styles.css, `content-visibility`); once drawn, the browser keeps its real height.
 */
function sectionHeightEstimate(section: TickerSection): number {
  const rowHeight = windowedRowHeight();
  const table = (rows: number) => (rows > 0 ? TABLE_CHROME_PX + rows * rowHeight : 0);
  return Math.round(SECTION_HEADING_PX + table(section.stock.length) + table(section.dividend.length) + table(section.commission.length));
}

/** One ticker's tables. Drawn again only for a new section (its rows changed) or new columns: a save or an import leaves the other tickers alone. */
const TickerSectionView = memo(function TickerSectionView({ section, columns }: { section: TickerSection; columns: SectionColumns }) {
  return (
    <section className="ticker-section" aria-labelledby={headingOf(section.ticker)} style={{ containIntrinsicHeight: `auto ${sectionHeightEstimate(section)}px` }}>
      <h2 id={headingOf(section.ticker)} tabIndex={-1}>
        {section.ticker}
      </h2>
      {section.stock.length > 0 ? <WindowedTable caption="Stock" columns={columns.stock} rows={section.stock} /> : null}
      {section.dividend.length > 0 ? <WindowedTable caption="Dividend" columns={columns.dividend} rows={section.dividend} /> : null}
      {section.commission.length > 0 ? <WindowedTable caption="Commission" columns={columns.commission} rows={section.commission} /> : null}
    </section>
  );
});

export function TransactionsPage() {
  const portfolio = usePortfolioActor();
  const saver = useTransactionsActor();
  const status = useSelector(portfolio, selectPortfolioStatus);
  const set = useSelector(portfolio, selectTransactions);
  const byTicker = useSelector(portfolio, selectTransactionsByTicker);
  const revisions = useSelector(portfolio, selectTickerRevisions);
  const count = useSelector(portfolio, selectTransactionCount);
  const savedCount = useSelector(saver, selectSavedCount);
  const saveError = useSelector(saver, selectSaveError);
  const conflict = useSelector(saver, selectSaveConflict);
  const pending = useSelector(saver, selectPendingChange);
  const lister = useTransactionListActor();
  const matches = useSelector(lister, selectMatches);
  const searching = useSelector(lister, selectSearching);
  const searchError = useSelector(lister, selectSearchError);
  const version = useSelector(portfolio, selectTransactionsVersion);
  const [query, setQuery] = useState<TransactionQuery>(EVERY_TRANSACTION);
  const plain = isPlainListing(query);
  // A new set (a save, an import of thousands of rows) is grouped and drawn in a render of its own, after
  // the task that brought it from the worker or the server: neither makes one long task of both.
  const shownSet = useDeferredValue(set);
  const shownByTicker = useDeferredValue(byTicker);
  const shownRevisions = useDeferredValue(revisions);
  // A ticker whose revision the worker left as it was keeps its section (the same arrays): only the sections
  // of the tickers a change touched are grouped and drawn again. The last sections built are remembered
  // for that, drawn or not: a section stands for its ticker's rows at its revision, whichever render built
  // it; and a deferred render that an urgent one interrupted finds them again instead of grouping anew.
  const built = useRef<{ byTicker: TickerGroups<ListedTransaction> | null; revisions: Readonly<Record<string, number>>; sections: TickerSection[] } | null>(null);
  const groups = useMemo(() => {
    const last = built.current;
    if (last && last.byTicker === shownByTicker && last.revisions === shownRevisions) return last.sections;
    const sections = tickerSections(shownByTicker, shownRevisions, last?.sections);
    built.current = { byTicker: shownByTicker, revisions: shownRevisions, sections };
    return sections;
  }, [shownByTicker, shownRevisions]);
  const sectionsMounted = useSectionsMounted(groups.length, SECTIONS_PER_TASK);
  const tickers = useMemo(() => groups.map((group) => group.ticker), [groups]);

  // A search, a filter or an order is computed in the worker, which holds the set: asked again for each new
  // query and each new version of the set. The plain listing needs none.
  useEffect(() => {
    if (!plain) lister.send({ type: 'list.query', query });
  }, [lister, plain, query, version]);
  // The worker's answer, drawn from the listing the page holds (ids the page does not hold yet are left out).
  // The index by id is built for a search only: the plain listing (and a new set, 70,000 rows after an
  // import on XL) does without it.
  const byId = useMemo(() => {
    if (plain) return null;
    const ids = new Map<number, ListedTransaction>();
    if (shownSet) for (const list of [shownSet.stock, shownSet.dividend, shownSet.commission]) for (const t of list) ids.set(t.id, t);
    return ids;
  }, [plain, shownSet]);
  const found = useMemo(() => {
    if (plain || !matches || !byId) return null;
    const rows: ListedTransaction[] = [];
    for (const id of matches.ids) {
      const t = byId.get(id);
      if (t) rows.push(t);
    }
    return { rows, total: matches.total, current: sameQuery(matches.query, query) };
  }, [plain, matches, byId, query]);
  const [question, setQuestion] = useState<Question>(null);
  const formats = useFormats();
  const announce = useAnnounce();
  /** What the last change sent was, in words: announced when its save ends. */
  const sent = useRef<{ words: string; kind: 'add' | 'edit' | 'delete'; edited?: ListedTransaction } | null>(null);
  /** The transaction in the edit dialog; null while it is closed. */
  const [editing, setEditing] = useState<ListedTransaction | null>(null);
  /** After an edit: the transaction whose row takes the focus once the new set is drawn. */
  const focusAfterEdit = useRef<ListedTransaction | null>(null);
  /** After a deletion: the heading to give the focus to if the deleted row had it (its Delete button is gone). */
  const rescueFocusTo = useRef<string | null>(null);
  const [focusForm, setFocusForm] = useState(false);
  const announcedCount = useRef(savedCount);

  // A save that ended is said through the live region: what was saved.
  useEffect(() => {
    if (savedCount === announcedCount.current) return;
    announcedCount.current = savedCount;
    if (sent.current) announce(`Saved: ${SAVED_WORDS[sent.current.kind]} ${sent.current.words}.`);
    if (sent.current?.edited) {
      focusAfterEdit.current = sent.current.edited;
      setEditing(null);
    }
    sent.current = null;
  }, [savedCount, announce]);

  // After an edit the dialog has closed and the set with the edited row is drawn: the focus goes to that
  // row's Edit button (the row may have moved, to another date or table), or to its ticker's heading when
  // the row is outside the drawn window.
  useEffect(() => {
    const edited = focusAfterEdit.current;
    if (!edited || editing || shownSet !== set) return;
    focusAfterEdit.current = null;
    (document.getElementById(editButtonOf(edited.id)) ?? document.getElementById(headingOf(edited.ticker)) ?? document.getElementById('transactions-heading'))?.focus({ preventScroll: false });
  }, [groups, editing, shownSet, set]);

  // The dialog gives the focus back to the Delete button; rows are keyed by position, so it stays on the row
  // that takes the deleted one's place. Only when the deleted row was its table's last is the button gone:
  // then the focus goes to the section's heading (or the page's), without scrolling away.
  useEffect(() => {
    const target = rescueFocusTo.current;
    if (!target || !focusIsLost()) return;
    rescueFocusTo.current = null;
    (document.getElementById(target) ?? document.getElementById('transactions-heading'))?.focus({ preventScroll: true });
  }, [groups]);

  const confirm = () => {
    if (question?.kind === 'delete') {
      sent.current = { words: describeTransaction(question.transaction, formats), kind: 'delete' };
      saver.send({ type: 'transactions.delete', transaction: question.transaction });
      rescueFocusTo.current = plain ? headingOf(question.transaction.ticker) : MATCHES_HEADING;
    }
    if (question?.kind === 'deleteAll') {
      sent.current = { words: `all ${count} transactions`, kind: 'delete' };
      saver.send({ type: 'transactions.deleteAll' });
      rescueFocusTo.current = 'transactions-heading';
    }
    setFocusForm(false);
    setQuestion(null);
  };
  // The columns live as long as the page: its tables are not drawn again when something else changes.
  const { sectionColumns, mixedColumns } = useMemo(() => {
    const rowButtons = (transaction: ListedTransaction) => {
      const named = `${transaction.type} ${transaction.ticker} ${formats.date(transaction.date)}`;
      return (
        <span className="row-actions">
          <button type="button" id={editButtonOf(transaction.id)} className="link" onClick={() => setEditing(transaction)} aria-label={`Edit ${named}`}>
            Edit
          </button>
          <button type="button" className="link danger" onClick={() => setQuestion({ kind: 'delete', transaction })} aria-label={`Delete ${named}`}>
            Delete
          </button>
        </span>
      );
    };
    const actions: Column<ListedTransaction> = { header: <span className="visually-hidden">Actions</span>, width: '7.5rem', cell: rowButtons };
    const stock: Array<Column<StockRow>> = [
      { header: 'Date', width: '7.5rem', cell: ({ transaction }) => formats.date(transaction.date) },
      { header: 'Amount', width: '6rem', cell: ({ transaction }) => formats.quantity(transaction.amount) },
      { header: 'Value', width: '10rem', cell: ({ transaction }) => formats.money(transaction.value, transaction.currency) },
      { header: 'Price per share', label: 'Per share', width: '10rem', cell: ({ pricePerShare, transaction }) => formats.money(pricePerShare, transaction.currency) },
      { header: actions.header, width: actions.width, cell: ({ transaction }) => rowButtons(transaction) },
    ];
    const cash: Array<Column<ListedTransaction>> = [
      { header: 'Date', width: '7.5rem', cell: (transaction) => formats.date(transaction.date) },
      { header: 'Value', width: '10rem', cell: (transaction) => formats.money(transaction.value, transaction.currency) },
      actions,
    ];
    // A dividend's value is the cash received; the tax withheld beside it ('–' where none is recorded).
    const dividend: Array<Column<ListedTransaction>> = [
      cash[0]!,
      { header: 'Received', width: '10rem', cell: (transaction) => formats.money(transaction.value, transaction.currency) },
      { header: 'Tax withheld', width: '10rem', cell: (transaction) => (transaction.tax === undefined ? '–' : formats.money(transaction.tax, transaction.currency)) },
      actions,
    ];
    // One list of every type, as a search, a filter or an order shows it.
    const mixed: Array<Column<ListedTransaction>> = [
      { header: 'Ticker', width: '7rem', cell: (transaction) => transaction.ticker },
      { header: 'Type', width: '6.5rem', cell: (transaction) => transaction.type },
      cash[0]!,
      { header: 'Amount', width: '6rem', cell: (transaction) => (transaction.type === 'stock' ? formats.quantity(transaction.amount) : '–') },
      cash[1]!,
      actions,
    ];
    return { sectionColumns: { stock, dividend, commission: cash } satisfies SectionColumns, mixedColumns: mixed };
  }, [formats]);

  return (
    <section className="transactions">
      <PageHeading id="transactions-heading" title="Transactions">
        Transactions
      </PageHeading>
      <ImportPanel />
      <YourDataPanel />
      {status === 'loadFailed' ? <PortfolioFailed /> : null}
      {saveError && pending ? (
        <div role="alert" className={conflict ? 'notice' : 'error'}>
          <p>{saveError}</p>
          <p>Pending change: {pending}.</p>
          <button type="button" onClick={() => saver.send({ type: 'transactions.retry' })}>
            {conflict ? 'Save again' : 'Retry'}
          </button>{' '}
          <button type="button" className="secondary" onClick={() => saver.send({ type: 'transactions.dismiss' })}>
            Discard change
          </button>
        </div>
      ) : null}

      <h2>Add a transaction</h2>
      <TransactionForm
        key={savedCount}
        focusOnMount={focusForm}
        onSend={(transaction) => {
          sent.current = { words: describeTransaction(transaction, formats), kind: 'add' };
          setFocusForm(true);
        }}
      />

      {status === 'loading' || set === null ? (
        <p role="status">Loading transactions…</p>
      ) : count === 0 ? (
        <p className="empty">No transactions yet. Add your first one with the form above, or upload a DEGIRO account statement (Account.csv).</p>
      ) : (
        <>
          <h2>Find transactions</h2>
          <TransactionFinder tickers={tickers} query={query} onQuery={setQuery} />
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
              <WindowedTable caption={`Sorted by ${sortName(query.sort).toLowerCase()}`} columns={mixedColumns} rows={found.rows} />
            </section>
          ) : null}
          {plain ? groups.slice(0, sectionsMounted).map((group) => <TickerSectionView key={group.ticker} section={group} columns={sectionColumns} />) : null}
          <button type="button" className="danger" onClick={() => setQuestion({ kind: 'deleteAll' })}>
            Delete All Transactions
          </button>
        </>
      )}
      <EditTransactionDialog
        editing={editing}
        onSend={(transaction) => {
          sent.current = { words: `${describeTransaction(editing!, formats)} to ${describeTransaction(transaction, formats)}`, kind: 'edit', edited: editing! };
          setFocusForm(false);
        }}
        onCancel={() => setEditing(null)}
      />
      <ConfirmDialog
        open={question !== null}
        title={question?.kind === 'deleteAll' ? 'Delete all transactions?' : 'Delete this transaction?'}
        text={
          question?.kind === 'deleteAll'
            ? `All ${count} transactions will be deleted. This cannot be undone.`
            : question?.kind === 'delete'
              ? `${question.transaction.type} ${question.transaction.ticker} on ${formats.date(question.transaction.date)} (${formats.money(question.transaction.value, question.transaction.currency)}) will be deleted.`
              : ''
        }
        confirmLabel="Delete"
        onConfirm={confirm}
        onCancel={() => setQuestion(null)}
      />
    </section>
  );
}
