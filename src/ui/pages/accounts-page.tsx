import { useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import type { Account } from '../../model/cash';
import { selectAccountContents, selectAccounts, type AccountContents } from '../../machines/view-selectors';
import { selectPortfolioStatus, selectSavedCount } from '../../machines/selectors';
import { PageHeading } from '../a11y/page-heading';
import { AccountNameForm } from '../accounts/account-name-form';
import { usePortfolioActor, useTransactionsActor } from '../app-context';
import { ConfirmDialog } from '../components/confirm-dialog';
import { PortfolioFailed } from '../components/portfolio-failed';
import { useFormats } from '../locale-context';
import { SaveProblem } from '../transactions/save-problem';

const plural = (count: number, one: string, many: string): string => `${count} ${count === 1 ? one : many}`;

/** What an account's deletion takes with it, in words. */
function goesWith(contents: AccountContents | undefined, count: (n: number) => string): string {
  const transactions = contents?.transactions ?? 0;
  const cash = contents?.cash ?? 0;
  if (transactions === 0 && cash === 0) return 'It holds no transactions.';
  return `Its ${count(transactions)} ${transactions === 1 ? 'transaction' : 'transactions'} and ${count(cash)} cash ${cash === 1 ? 'transaction' : 'transactions'} will be deleted with it.`;
}

/**
 * The accounts: create, rename and delete them. Its own page in the drawer, beside the screens the view
 * switch filters: an investor manages accounts where they are listed, not among the app's settings. A
 * deletion asks first and names what goes with it; the last account cannot go.
 */
export function AccountsPage() {
  const portfolio = usePortfolioActor();
  const saver = useTransactionsActor();
  const status = useSelector(portfolio, selectPortfolioStatus);
  const accounts = useSelector(portfolio, selectAccounts);
  const contents = useSelector(portfolio, selectAccountContents);
  const savedCount = useSelector(saver, selectSavedCount);
  const formats = useFormats();
  const [renaming, setRenaming] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<Account | null>(null);
  // A stored change closes the rename field (the list shows the new name).
  useEffect(() => setRenaming(null), [savedCount]);
  const last = accounts.length <= 1;

  return (
    <section className="accounts">
      <PageHeading title="Accounts">Accounts</PageHeading>
      <p className="hint">
        Each transaction belongs to one account. The view switch at the top shows one account or all of them on every
        page.
      </p>
      {status === 'loadFailed' ? <PortfolioFailed /> : null}
      <SaveProblem />
      {status === 'loading' && accounts.length === 0 ? (
        <p role="status">Loading accounts…</p>
      ) : (
        <ul className="account-list" aria-label="Your accounts">
          {accounts.map((account) => (
            <li key={account.id}>
              {renaming === account.id ? (
                <AccountNameForm
                  id={`rename-${account.id}`}
                  label={`New name for ${account.name}`}
                  initial={account.name}
                  submitLabel="Save name"
                  focusOnMount
                  onSubmit={(name) => saver.send({ type: 'accounts.rename', account, name })}
                  onCancel={() => setRenaming(null)}
                />
              ) : (
                <>
                  <span className="account-name">{account.name}</span>
                  <span className="hint">
                    {plural(contents[account.id]?.transactions ?? 0, 'transaction', 'transactions')},{' '}
                    {plural(contents[account.id]?.cash ?? 0, 'cash transaction', 'cash transactions')}
                  </span>
                  <span className="actions">
                    <button
                      type="button"
                      className="secondary"
                      aria-label={`Rename ${account.name}`}
                      onClick={() => setRenaming(account.id)}
                    >
                      Rename
                    </button>
                    <button
                      type="button"
                      className="danger"
                      aria-label={`Delete ${account.name}`}
                      aria-disabled={last}
                      aria-describedby={last ? 'last-account' : undefined}
                      onClick={() => (last ? undefined : setDeleting(account))}
                    >
                      Delete
                    </button>
                  </span>
                </>
              )}
            </li>
          ))}
        </ul>
      )}
      {last && accounts.length === 1 ? (
        <p id="last-account" className="hint">
          Your only account cannot be deleted. To start again, delete its transactions on the Transactions page.
        </p>
      ) : null}
      <h2>New account</h2>
      <AccountNameForm
        key={savedCount}
        id="new-account"
        label="Name"
        submitLabel="Create account"
        onSubmit={(name) => saver.send({ type: 'accounts.create', name })}
      />
      <ConfirmDialog
        open={deleting !== null}
        title={deleting ? `Delete the account “${deleting.name}”?` : ''}
        text={deleting ? `${goesWith(contents[deleting.id], formats.count)} This cannot be undone.` : ''}
        confirmLabel="Delete account"
        onConfirm={() => {
          if (deleting) saver.send({ type: 'accounts.delete', account: deleting });
          setDeleting(null);
        }}
        onCancel={() => setDeleting(null)}
      />
    </section>
  );
}
