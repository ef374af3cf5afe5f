import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { PriceNotice as Notice, PriceProblem, ShortList } from '../../machines/dashboard-selectors';

const problemItem = ({ symbol, message }: PriceProblem) => (
  <li key={symbol}>
    {symbol}: {message}
  </li>
);

const nameItem = (name: string) => <li key={name}>{name}</li>;

/** The rest of a long list, behind a native disclosure that the keyboard opens (Enter or Space on its summary). */
function TheOthers<T>({ list, item }: { list: ShortList<T>; item: (entry: T) => ReactNode }) {
  if (list.more.length === 0) return null;
  return (
    <details>
      <summary>Show the other {list.more.length}</summary>
      <ul>{list.more.map(item)}</ul>
    </details>
  );
}

/** Names in a sentence: a short list whole, of a long one the count and the first few (the rest follow in the disclosure). */
const inSentence = ({ count, named, more }: ShortList<string>): string =>
  more.length === 0 ? named.join(', ') : `${count} holdings: ${named.join(', ')} and ${more.length} others`;

const its = (count: number) => (count === 1 ? 'its' : 'their');

/** What the failed prices mean for the figures, said by a count: the names are in the list above. */
function provisionalProblems(provisional: number, failed: number): string {
  if (provisional === failed) {
    const which = failed === 1 ? 'it is' : failed === 2 ? 'both are' : `all ${failed} are`;
    return `Provisional value: ${which} valued at ${its(failed)} own trade prices.`;
  }
  return `Provisional value: ${provisional} of them ${provisional === 1 ? 'is' : 'are'} valued at ${its(provisional)} own trade prices.`;
}

/**
 * The dashboard's one notice about prices: the symbols whose prices could not be loaded (a short list
 * whole; of a long one, dozens of symbols offline, the count and the first few, the rest behind a native
 * disclosure, so it does not push the summary and the charts below the fold), what that means for the
 * figures, the other holdings valued at their own trade prices (not naming a failed symbol again), and
 * Retry when something failed.
 */
export function PriceNotice({ notice, onRetry }: { notice: Notice; onRetry: () => void }) {
  const { problems, provisionalProblems: provisional, noPrices, noSource } = notice;
  return (
    <div className="notice price-notice" role="status">
      {problems ? (
        <>
          <p>Some prices could not be loaded{problems.more.length > 0 ? `, for ${problems.count} symbols` : ''}:</p>
          <ul>{problems.named.map(problemItem)}</ul>
          <TheOthers list={problems} item={problemItem} />
          {provisional > 0 ? <p>{provisionalProblems(provisional, problems.count)}</p> : null}
        </>
      ) : null}
      {noPrices ? (
        <>
          <p>
            Provisional value: {problems ? 'also ' : ''}no prices for {inSentence(noPrices)}, valued at{' '}
            {its(noPrices.count)} own trade prices.
          </p>
          <TheOthers list={noPrices} item={nameItem} />
        </>
      ) : null}
      {noSource ? (
        <>
          <p>
            Provisional value: no price source for {inSentence(noSource)} (imported under{' '}
            {noSource.count === 1 ? 'its ISIN' : 'their ISINs'}), valued at {its(noSource.count)} own trade prices until
            you <Link to="/holdings">pick a symbol on the Holdings page</Link>.
          </p>
          <TheOthers list={noSource} item={nameItem} />
        </>
      ) : null}
      {problems ? (
        <button type="button" onClick={onRetry}>
          Retry
        </button>
      ) : null}
    </div>
  );
}
