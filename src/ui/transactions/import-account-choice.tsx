import { useSelector } from '@xstate/react';
import { selectAccounts } from '../../machines/view-selectors';
import { selectImportTarget } from '../../machines/selectors';
import { useImportActor, usePortfolioActor } from '../app-context';

const NEW = '\u0000new';

/**
 * Which account the file goes to: an existing one, or a new one by name. The import proposes the last one
 * used in this session, else a new one named after the file; the worker refuses one deleted meanwhile.
 */
export function ImportAccountChoice({ disabled }: { disabled: boolean }) {
  const importer = useImportActor();
  const target = useSelector(importer, selectImportTarget);
  const accounts = useSelector(usePortfolioActor(), selectAccounts);
  if (target === null) return null;
  const chosen = 'account' in target ? target.account : NEW;
  const gone = 'account' in target && !accounts.some((account) => account.id === target.account);
  return (
    <fieldset className="import-account">
      <legend>Import into</legend>
      <label htmlFor="import-account">Account</label>{' '}
      <select
        id="import-account"
        disabled={disabled}
        value={chosen}
        onChange={(e) =>
          importer.send({
            type: 'import.setTarget',
            target:
              e.target.value === NEW
                ? { newAccount: 'newAccount' in target ? target.newAccount : '' }
                : { account: e.target.value },
          })
        }
      >
        {accounts.map((account) => (
          <option key={account.id} value={account.id}>
            {account.name}
          </option>
        ))}
        <option value={NEW}>A new account…</option>
      </select>
      {'newAccount' in target ? (
        <>
          {' '}
          <label htmlFor="import-new-account">New account&apos;s name</label>{' '}
          <input
            id="import-new-account"
            disabled={disabled}
            value={target.newAccount}
            maxLength={100}
            autoComplete="off"
            aria-invalid={target.newAccount.trim() === '' ? true : undefined}
            aria-describedby={target.newAccount.trim() === '' ? 'import-new-account-error' : undefined}
            onChange={(e) => importer.send({ type: 'import.setTarget', target: { newAccount: e.target.value } })}
          />
          {target.newAccount.trim() === '' ? (
            <span id="import-new-account-error" className="field-error" role="alert">
              Enter the new account&apos;s name.
            </span>
          ) : null}
        </>
      ) : null}
      {gone ? (
        <p className="error" role="alert">
          That account no longer exists: choose another.
        </p>
      ) : null}
    </fieldset>
  );
}
