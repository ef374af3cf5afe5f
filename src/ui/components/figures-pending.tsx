import { useSelector } from '@xstate/react';
import { selectFiguresPending } from '../../machines/selectors';
import { usePortfolioActor } from '../app-context';

/**
 * Says that the figures on the page are about to change: "Loading prices…" while the portfolio fetches
 * its prices and derives again with them (the figures meanwhile are the ones before the quotes: each
 * holding at its last buy's price, income ahead from the dividends received), "Updating the figures…"
 * while a saved or reloaded set is derived (the figures are the previous set's). Every page that shows
 * figures says it the same way.
 */
export function FiguresPending() {
  const portfolio = usePortfolioActor();
  const pending = useSelector(portfolio, selectFiguresPending);
  if (pending === null) return null;
  return <p role="status">{pending === 'prices' ? 'Loading prices…' : 'Updating the figures…'}</p>;
}
