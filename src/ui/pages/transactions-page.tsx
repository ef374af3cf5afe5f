import { useSelector } from '@xstate/react';
import { useCallback, useState } from 'react';
import type { ListedTransaction } from '../../model';
import type { ListedCash } from '../../model/cash';
import { selectViewName, selectViewRowCount } from '../../machines/view-selectors';
import { selectPortfolioStatus, selectSavedCount, selectTransactionCount } from '../../machines/selectors';
import { EVERY_TRANSACTION, type TransactionQuery } from '../../model/transaction-query';
import { PageHeading } from '../a11y/page-heading';
import { usePortfolioActor, useTransactionsActor } from '../app-context';
import { PortfolioFailed } from '../components/portfolio-failed';
import { useFormats } from '../locale-context';
import { DeleteTransactionDialog, type DeleteQuestion } from '../transactions/delete-transaction-dialog';
import { describeTransaction } from '../transactions/describe-transaction';
import { EditTransactionDialog } from '../transactions/edit-transaction-dialog';
import { CASH_HEADING, headingOf, MATCHES_HEADING, PAGE_HEADING } from '../transactions/focus-targets';
import { CashSection } from '../transactions/cash-section';
import { ImportPanel } from '../transactions/import-panel';
import { SaveProblem } from '../transactions/save-problem';
import { TickerSectionView } from '../transactions/ticker-section-view';
import { useTransactionColumns } from '../transactions/transaction-columns';
import { TransactionFinder } from '../transactions/transaction-finder';
import { TransactionForm } from '../transactions/transaction-form';
import { TransactionMatches } from '../transactions/transaction-matches';
import { useFocusAfterSave } from '../transactions/use-focus-after-save';
import { useSaveAnnouncements } from '../transactions/use-save-announcements';
import { useTransactionGroups } from '../transactions/use-transaction-groups';
import { useTransactionSearch } from '../transactions/use-transaction-search';
import { YourDataPanel } from '../your-data/your-data-panel';

/** The transactions: add, import, find, edit and delete them, and your data's export and restore. */
export function TransactionsPage() {
  const portfolio = usePortfolioActor();
  const saver = useTransactionsActor();
  const status = useSelector(portfolio, selectPortfolioStatus);
  const count = useSelector(portfolio, selectTransactionCount);
  // The view's rows (one account, or all), cash included: what the list below shows.
  const viewCount = useSelector(portfolio, selectViewRowCount);
  const viewName = useSelector(portfolio, selectViewName);
  const savedCount = useSelector(saver, selectSavedCount);
  const [query, setQuery] = useState<TransactionQuery>(EVERY_TRANSACTION);
  const { set, shownSet, groups, sectionsMounted, tickers } = useTransactionGroups();
  const { plain, found, searching, searchError } = useTransactionSearch(query, shownSet);
  const [question, setQuestion] = useState<DeleteQuestion>(null);
  const formats = useFormats();
  /** The transaction in the edit dialog; null while it is closed. */
  const [editing, setEditing] = useState<ListedTransaction | ListedCash | null>(null);
  const closeEditor = useCallback(() => setEditing(null), []);
  const { sending, editSaved } = useSaveAnnouncements(savedCount, closeEditor);
  const rescueFocusTo = useFocusAfterSave({ editSaved, editing, groups, shownSet, set });
  const [focusForm, setFocusForm] = useState(false);
  const askDelete = useCallback((transaction: ListedTransaction) => setQuestion({ kind: 'delete', transaction }), []);
  const askDeleteCash = useCallback((cash: ListedCash) => setQuestion({ kind: 'deleteCash', cash }), []);
  const { sectionColumns, mixedColumns } = useTransactionColumns(setEditing, askDelete);

  const confirm = () => {
    if (question?.kind === 'delete') {
      sending({ words: describeTransaction(question.transaction, formats), kind: 'delete' });
      saver.send({ type: 'transactions.delete', transaction: question.transaction });
      rescueFocusTo(plain ? headingOf(question.transaction.ticker) : MATCHES_HEADING);
    }
    if (question?.kind === 'deleteCash') {
      sending({ words: describeTransaction(question.cash, formats), kind: 'delete' });
      saver.send({ type: 'transactions.deleteCash', cash: question.cash });
      rescueFocusTo(CASH_HEADING);
    }
    if (question?.kind === 'deleteAll') {
      sending({ words: `all ${count} transactions`, kind: 'delete' });
      saver.send({ type: 'transactions.deleteAll' });
      rescueFocusTo(PAGE_HEADING);
    }
    setFocusForm(false);
    setQuestion(null);
  };

  return (
    <section className="transactions">
      <PageHeading id={PAGE_HEADING} title="Transactions">
        Transactions
      </PageHeading>
      <ImportPanel />
      <YourDataPanel />
      {status === 'loadFailed' ? <PortfolioFailed /> : null}
      <SaveProblem />

      <h2>Add a transaction</h2>
      <TransactionForm
        key={savedCount}
        focusOnMount={focusForm}
        onSend={(transaction) => {
          sending({ words: describeTransaction(transaction, formats), kind: 'add' });
          setFocusForm(true);
        }}
      />

      {status === 'loading' || set === null ? (
        <p role="status">Loading transactions…</p>
      ) : count === 0 && viewCount === 0 ? (
        <p className="empty">
          No transactions yet. Add your first one with the form above, or upload a DEGIRO account statement
          (Account.csv).
        </p>
      ) : (
        <>
          <h2>Find transactions</h2>
          {viewCount === 0 ? (
            <p className="empty">
              {viewName} holds no transactions yet. Choose All accounts in the view switch to see the others.
            </p>
          ) : null}
          <TransactionFinder tickers={tickers} query={query} onQuery={setQuery} />
          <TransactionMatches
            query={query}
            plain={plain}
            found={found}
            searching={searching}
            searchError={searchError}
            columns={mixedColumns}
          />
          {plain ? <CashSection onEdit={setEditing} onDelete={askDeleteCash} /> : null}
          {plain
            ? groups
                .slice(0, sectionsMounted)
                .map((group) => <TickerSectionView key={group.ticker} section={group} columns={sectionColumns} />)
            : null}
          <button type="button" className="danger" onClick={() => setQuestion({ kind: 'deleteAll' })}>
            Delete All Transactions
          </button>
        </>
      )}
      <EditTransactionDialog
        editing={editing}
        onSend={(transaction) => {
          sending({
            words: `${describeTransaction(editing!, formats)} to ${describeTransaction(transaction, formats)}`,
            kind: 'edit',
            edited: editing!,
          });
          setFocusForm(false);
        }}
        onCancel={() => setEditing(null)}
      />
      <DeleteTransactionDialog
        question={question}
        count={count}
        onConfirm={confirm}
        onCancel={() => setQuestion(null)}
      />
    </section>
  );
}
