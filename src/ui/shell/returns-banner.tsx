import { useSelector } from '@xstate/react';
import { selectReturnsBanner, type BannerReturn } from '../../machines/dashboard-selectors';
import { usePortfolioActor } from '../app-context';
import { useFormats } from '../locale-context';

const tone = (value: number): string | undefined => (value > 0 ? 'positive' : value < 0 ? 'negative' : undefined);

function ReturnItem({ label, absolute, percentage }: BannerReturn) {
  const formats = useFormats();
  return (
    <li>
      <span className="returns-label">{label === 'Total' ? 'Total return' : label}</span>{' '}
      <span className={tone(absolute)}>
        {formats.signedMoney(absolute, 'EUR')} ({formats.signedPercent(percentage)})
      </span>
    </li>
  );
}

/**
 * The ticker banner across the top of every signed-in page: portfolio value with the total return, then
 * the 1d, 1w and 1m returns, in three copies scrolling without end (still when the user prefers reduced
 * motion). Shown only when the total return is not 0.
 */
export function ReturnsBanner() {
  const portfolio = usePortfolioActor();
  const banner = useSelector(portfolio, selectReturnsBanner);
  const formats = useFormats();
  if (!banner) return null;
  return (
    <aside className="returns-banner" aria-label="Returns">
      <div className="returns-track">
        {[0, 1, 2].map((copy) => (
          // Only the first copy is read out; the others exist to make the loop seamless.
          <ul key={copy} className="returns-block" aria-hidden={copy > 0 ? true : undefined}>
            <li>
              <span className="returns-label">Portfolio value</span> <span>{formats.money(banner.portfolioValue, 'EUR')}</span>
            </li>
            {banner.returns.map((entry) => (
              <ReturnItem key={entry.label} {...entry} />
            ))}
          </ul>
        ))}
      </div>
    </aside>
  );
}
