import { useSelector } from '@xstate/react';
import { useState } from 'react';
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
        {formats.signedMoney(absolute)} ({formats.signedPercent(percentage)})
      </span>
    </li>
  );
}

/**
 * The ticker banner across the top of every signed-in page: portfolio value with the total return, then
 * the 1d, 1w and 1m returns, in three copies scrolling without end. It stops while the pointer is over it
 * or the focus is in it, and for good with its Pause button (WCAG 2.2.2). For users who prefer reduced
 * motion it does not move: one copy, wrapped onto as many lines as the screen needs. Shown only when the
 * total return is not 0.
 */
export function ReturnsBanner({ inert = false }: { inert?: boolean }) {
  const portfolio = usePortfolioActor();
  const banner = useSelector(portfolio, selectReturnsBanner);
  const formats = useFormats();
  const [paused, setPaused] = useState(false);
  if (!banner) return null;
  return (
    <aside className={`returns-banner ${paused ? 'paused' : ''}`} aria-label="Returns" inert={inert}>
      <button type="button" className="returns-pause" onClick={() => setPaused((p) => !p)}>
        {paused ? 'Play' : 'Pause'}
        <span className="visually-hidden"> the moving returns</span>
      </button>
      <div className="returns-window">
        <div className="returns-track">
          {[0, 1, 2].map((copy) => (
            // Only the first copy is read out; the others exist to make the loop seamless.
            <ul key={copy} className="returns-block" aria-hidden={copy > 0 ? true : undefined}>
              <li>
                <span className="returns-label">Portfolio value</span>{' '}
                <span>{formats.money(banner.portfolioValue)}</span>
              </li>
              {banner.returns.map((entry) => (
                <ReturnItem key={entry.label} {...entry} />
              ))}
            </ul>
          ))}
        </div>
      </div>
    </aside>
  );
}
