import type { PriceProblem, PriceProblemsNotice } from '../../machines/dashboard-selectors';

function ProblemList({ problems }: { problems: PriceProblem[] }) {
  return (
    <ul>
      {problems.map(({ symbol, message }) => (
        <li key={symbol}>
          {symbol}: {message}
        </li>
      ))}
    </ul>
  );
}

/**
 * Symbols whose prices could not be loaded, with Retry. A short list is shown whole; a long one (dozens
 * of symbols offline) says how many and names the first few, the rest behind a native disclosure, so the
 * notice does not push the summary and the charts below the fold.
 */
export function PriceProblems({ notice, onRetry }: { notice: PriceProblemsNotice; onRetry: () => void }) {
  const { count, named, more } = notice;
  return (
    <div className="notice price-problems" role="status">
      <p>Some prices could not be loaded{more.length > 0 ? `, for ${count} symbols` : ''}:</p>
      <ProblemList problems={named} />
      {more.length > 0 ? (
        <details>
          <summary>Show the other {more.length}</summary>
          <ProblemList problems={more} />
        </details>
      ) : null}
      <button type="button" onClick={onRetry}>
        Retry
      </button>
    </div>
  );
}
