import { useSelector } from '@xstate/react';
import { selectPortfolioError } from '../../machines/selectors';
import { usePortfolioActor } from '../app-context';

/** Why the portfolio (or its prices) could not be loaded, with Retry: every page says it the same way. */
export function PortfolioFailed() {
  const portfolio = usePortfolioActor();
  const error = useSelector(portfolio, selectPortfolioError);
  return (
    <p role="alert" className="error">
      {error}{' '}
      <button type="button" onClick={() => portfolio.send({ type: 'portfolio.retry' })}>
        Retry
      </button>
    </p>
  );
}
