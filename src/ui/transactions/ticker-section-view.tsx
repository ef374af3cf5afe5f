import { memo } from 'react';
import type { TickerSection } from '../../machines/selectors';
import { WindowedTable } from '../components/windowed-table';
import { windowedRowHeight } from '../components/windowed-rows';
import { headingOf } from './focus-targets';
import type { SectionColumns } from './transaction-columns';

/** px, measured in Chromium at the page's 16 px text: a section's heading with its margins, and each table's caption, header row and margin. */
const SECTION_HEADING_PX = 65;
const TABLE_CHROME_PX = 72.5;

/**
 * px: the height of a section's content, for the browser to hold in its place while the section is far from
 * the screen and not laid out (styles.css, `content-visibility`); once drawn, the browser keeps its real height.
 */
function sectionHeightEstimate(section: TickerSection): number {
  const rowHeight = windowedRowHeight();
  const table = (rows: number) => (rows > 0 ? TABLE_CHROME_PX + rows * rowHeight : 0);
  return Math.round(
    SECTION_HEADING_PX +
      table(section.stock.length) +
      table(section.dividend.length) +
      table(section.commission.length),
  );
}

/** One ticker's tables. Drawn again only for a new section (its rows changed) or new columns: a save or an import leaves the other tickers alone. */
export const TickerSectionView = memo(function TickerSectionView({
  section,
  columns,
}: {
  section: TickerSection;
  columns: SectionColumns;
}) {
  return (
    <section
      className="ticker-section"
      aria-labelledby={headingOf(section.ticker)}
      style={{ containIntrinsicHeight: `auto ${sectionHeightEstimate(section)}px` }}
    >
      <h2 id={headingOf(section.ticker)} tabIndex={-1}>
        {section.ticker}
      </h2>
      {section.stock.length > 0 ? <WindowedTable caption="Stock" columns={columns.stock} rows={section.stock} /> : null}
      {section.dividend.length > 0 ? (
        <WindowedTable caption="Dividend" columns={columns.dividend} rows={section.dividend} />
      ) : null}
      {section.commission.length > 0 ? (
        <WindowedTable caption="Commission" columns={columns.commission} rows={section.commission} />
      ) : null}
    </section>
  );
});
