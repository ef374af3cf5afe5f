import { useSelector } from '@xstate/react';
import { selectTickerChoices } from '../../machines/dashboard-selectors';
import { usePortfolioActor } from '../app-context';

/** 'Select active tickers': one labelled checkbox per ticker; the charts follow the checked ones. */
export function TickerPicker() {
  const portfolio = usePortfolioActor();
  const choices = useSelector(portfolio, selectTickerChoices);
  return (
    <fieldset className="ticker-picker">
      <legend>Select active tickers</legend>
      <ul>
        {choices.map(({ ticker, checked }) => (
          <li key={ticker}>
            <label>
              <input type="checkbox" checked={checked} onChange={() => portfolio.send({ type: 'tickers.toggle', ticker })} />
              {ticker}
            </label>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}
