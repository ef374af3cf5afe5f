import { useSelector } from '@xstate/react';
import { useId, useState } from 'react';
import { selectTickerChoices } from '../../machines/dashboard-selectors';
import { useAnnounce } from '../a11y/announcer';
import { usePortfolioActor } from '../app-context';

/** CSS px: below this width the picker starts closed (a phone), above it open. Matches styles.css's narrow layout. */
const NARROW_MAX_WIDTH = 600;

const startsOpen = (): boolean =>
  typeof window === 'undefined' || !window.matchMedia(`(max-width: ${NARROW_MAX_WIDTH}px)`).matches;

/**
 * 'Select active tickers': one labelled checkbox per ticker; the charts follow the checked ones. Each
 * toggle is said through the live region with what the charts now show. With a statement's fifty or two
 * hundred tickers: a filter by name, 'All' and 'None' for the tickers the filter shows, a list that
 * scrolls inside its box, and the whole behind a disclosure that starts closed on a phone (its summary
 * says how many are checked).
 */
export function TickerPicker() {
  const portfolio = usePortfolioActor();
  const choices = useSelector(portfolio, selectTickerChoices);
  const announce = useAnnounce();
  const [filter, setFilter] = useState('');
  const [open, setOpen] = useState(startsOpen);
  const filterId = useId();
  const needle = filter.trim().toUpperCase();
  const shown = needle === '' ? choices : choices.filter((choice) => choice.ticker.toUpperCase().includes(needle));
  const checkedCount = choices.filter((choice) => choice.checked).length;

  const toggle = (ticker: string, checked: boolean) => {
    portfolio.send({ type: 'tickers.toggle', ticker });
    const checkedNow = choices.filter((choice) => (choice.ticker === ticker ? !checked : choice.checked)).length;
    announce(
      `${ticker} ${checked ? 'unchecked' : 'checked'}: the charts show ${checkedNow} of ${choices.length} tickers.`,
    );
  };
  /** Checks (or unchecks) every ticker the filter shows, leaving the others as they are. */
  const setShown = (check: boolean) => {
    const inView = new Set(shown.map((choice) => choice.ticker));
    const active = choices
      .filter((choice) => (inView.has(choice.ticker) ? check : choice.checked))
      .map((choice) => choice.ticker);
    portfolio.send({ type: 'tickers.setActive', active: active.length === choices.length ? null : active });
    announce(
      `${check ? 'Checked' : 'Unchecked'} ${inView.size === choices.length ? 'every ticker' : `the ${inView.size} tickers shown`}: the charts show ${active.length} of ${choices.length} tickers.`,
    );
  };

  return (
    <details className="ticker-picker-box" open={open} onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary>
        Tickers: {checkedCount} of {choices.length} checked
      </summary>
      <fieldset className="ticker-picker">
        <legend>Select active tickers</legend>
        {choices.length > 8 ? (
          <div className="ticker-picker-tools">
            <label htmlFor={filterId}>Filter tickers</label>
            <input
              id={filterId}
              type="search"
              value={filter}
              onChange={(event) => setFilter(event.target.value)}
              autoComplete="off"
              spellCheck={false}
            />
            <button type="button" className="secondary" onClick={() => setShown(true)} disabled={shown.length === 0}>
              All<span className="visually-hidden">{needle === '' ? ' tickers' : ' tickers shown'}</span>
            </button>
            <button type="button" className="secondary" onClick={() => setShown(false)} disabled={shown.length === 0}>
              None<span className="visually-hidden">{needle === '' ? ' of the tickers' : ' of the tickers shown'}</span>
            </button>
            <span className="hint" role="status">
              {needle === '' ? '' : `${shown.length} of ${choices.length} shown`}
            </span>
          </div>
        ) : null}
        <ul className={choices.length > 24 ? 'many' : undefined}>
          {shown.map(({ ticker, checked }) => (
            <li key={ticker}>
              <label>
                <input type="checkbox" checked={checked} onChange={() => toggle(ticker, checked)} />
                {ticker}
              </label>
            </li>
          ))}
        </ul>
      </fieldset>
    </details>
  );
}
