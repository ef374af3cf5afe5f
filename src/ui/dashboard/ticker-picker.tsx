import { useSelector } from '@xstate/react';
import { selectTickerChoices } from '../../machines/dashboard-selectors';
import { useAnnounce } from '../a11y/announcer';
import { usePortfolioActor } from '../app-context';

/**
 * 'Select active tickers': one labelled checkbox per ticker; the charts follow the checked ones. Each
 * toggle is said through the live region with what the charts now show.
 */
export function TickerPicker() {
  const portfolio = usePortfolioActor();
  const choices = useSelector(portfolio, selectTickerChoices);
  const announce = useAnnounce();
  const toggle = (ticker: string, checked: boolean) => {
    portfolio.send({ type: 'tickers.toggle', ticker });
    const checkedNow = choices.filter((choice) => (choice.ticker === ticker ? !checked : choice.checked)).length;
    announce(`${ticker} ${checked ? 'unchecked' : 'checked'}: the charts show ${checkedNow} of ${choices.length} tickers.`);
  };
  return (
    <fieldset className="ticker-picker">
      <legend>Select active tickers</legend>
      <ul>
        {choices.map(({ ticker, checked }) => (
          <li key={ticker}>
            <label>
              <input type="checkbox" checked={checked} onChange={() => toggle(ticker, checked)} />
              {ticker}
            </label>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}
