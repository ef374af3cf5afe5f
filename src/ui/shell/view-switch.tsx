import { useSelector } from '@xstate/react';
import { selectAccounts, selectView } from '../../machines/view-selectors';
import { usePortfolioActor } from '../app-context';

/**
 * The view every screen follows: one account, or all of them. In the toolbar, so it is on every page; the
 * portfolio machine keeps the choice for the session and has the worker derive the view's figures.
 */
export function ViewSwitch() {
  const portfolio = usePortfolioActor();
  const accounts = useSelector(portfolio, selectAccounts);
  const view = useSelector(portfolio, selectView);
  // One account: there is nothing to switch between.
  if (accounts.length < 2) return null;
  return (
    <div className="view-switch">
      <label htmlFor="view-switch">View</label>
      <select
        id="view-switch"
        value={view ?? ''}
        onChange={(e) =>
          portfolio.send({ type: 'view.select', account: e.target.value === '' ? null : e.target.value })
        }
      >
        <option value="">All accounts</option>
        {accounts.map((account) => (
          <option key={account.id} value={account.id}>
            {account.name}
          </option>
        ))}
      </select>
    </div>
  );
}
