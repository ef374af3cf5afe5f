import { useState } from 'react';
import { datePattern, parseLocaleDate } from '../../model/locale-date';
import { TRANSACTION_TYPES, type TransactionType } from '../../model';
import {
  EVERY_TRANSACTION,
  isPlainListing,
  type TransactionQuery,
  type TransactionSort,
} from '../../model/transaction-query';
import { useLocale } from '../locale-context';

const SORT_NAMES: Record<TransactionSort, string> = {
  ticker: 'Ticker',
  dateDesc: 'Date, newest first',
  dateAsc: 'Date, oldest first',
  valueDesc: 'Value, highest first',
  valueAsc: 'Value, lowest first',
};

export const sortName = (sort: TransactionSort): string => SORT_NAMES[sort];

type Bound = 'from' | 'to';

/**
 * Search, filters and order of the transactions list: text (ticker, product name or ISIN), type, ticker,
 * a date range typed in the user's locale, and the order. Each change is a new `query` at once; a date
 * that does not read is said under its field and leaves that end of the range open.
 */
export function TransactionFinder({
  tickers,
  query,
  onQuery,
}: {
  tickers: readonly string[];
  query: TransactionQuery;
  onQuery: (query: TransactionQuery) => void;
}) {
  const { locale } = useLocale();
  const [dates, setDates] = useState<Record<Bound, string>>({ from: '', to: '' });
  const reading = (bound: Bound) => (dates[bound].trim() === '' ? null : parseLocaleDate(dates[bound], locale));
  const problem = (bound: Bound): string | null => {
    const read = reading(bound);
    return read && !read.ok ? read.message : null;
  };
  const setDate = (bound: Bound, text: string) => {
    setDates((d) => ({ ...d, [bound]: text }));
    const read = text.trim() === '' ? null : parseLocaleDate(text, locale);
    onQuery({ ...query, [bound]: read?.ok ? read.iso : null });
  };
  const hint = datePattern(locale).hint;
  const dateField = (bound: Bound, label: string) => {
    const error = problem(bound);
    return (
      <div className="field">
        <label htmlFor={`find-${bound}`}>{label}</label>
        <input
          id={`find-${bound}`}
          inputMode="numeric"
          autoComplete="off"
          value={dates[bound]}
          onChange={(e) => setDate(bound, e.target.value)}
          aria-describedby={error ? `find-${bound}-error` : `find-${bound}-hint`}
          {...(error ? { 'aria-invalid': true } : {})}
        />
        {error ? (
          <span id={`find-${bound}-error`} className="field-error">
            {error}
          </span>
        ) : (
          <span id={`find-${bound}-hint`} className="field-hint">
            {hint}
          </span>
        )}
      </div>
    );
  };
  return (
    <form role="search" aria-label="Find transactions" className="add-form finder" onSubmit={(e) => e.preventDefault()}>
      <div className="field">
        <label htmlFor="find-text">Search</label>
        <input
          id="find-text"
          type="search"
          placeholder="ticker, product or ISIN"
          autoComplete="off"
          value={query.text}
          onChange={(e) => onQuery({ ...query, text: e.target.value })}
        />
      </div>
      <div className="field">
        <label htmlFor="find-type">Show type</label>
        <select
          id="find-type"
          value={query.type ?? ''}
          onChange={(e) =>
            onQuery({ ...query, type: e.target.value === '' ? null : (e.target.value as TransactionType) })
          }
        >
          <option value="">All types</option>
          {TRANSACTION_TYPES.map((type) => (
            <option key={type} value={type}>
              {type[0]!.toUpperCase() + type.slice(1)}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor="find-ticker">Show ticker</label>
        <select
          id="find-ticker"
          value={query.ticker ?? ''}
          onChange={(e) => onQuery({ ...query, ticker: e.target.value === '' ? null : e.target.value })}
        >
          <option value="">All tickers</option>
          {tickers.map((ticker) => (
            <option key={ticker} value={ticker}>
              {ticker}
            </option>
          ))}
        </select>
      </div>
      {dateField('from', 'From')}
      {dateField('to', 'To')}
      <div className="field">
        <label htmlFor="find-sort">Sort by</label>
        <select
          id="find-sort"
          value={query.sort}
          onChange={(e) => onQuery({ ...query, sort: e.target.value as TransactionSort })}
        >
          {Object.entries(SORT_NAMES).map(([sort, name]) => (
            <option key={sort} value={sort}>
              {name}
            </option>
          ))}
        </select>
      </div>
      {isPlainListing(query) && dates.from === '' && dates.to === '' ? null : (
        <button
          type="button"
          className="secondary"
          onClick={() => {
            setDates({ from: '', to: '' });
            onQuery(EVERY_TRANSACTION);
            // The button goes with the filters: the focus goes to the search field, not to <body>.
            document.getElementById('find-text')?.focus();
          }}
        >
          Show all
        </button>
      )}
    </form>
  );
}
