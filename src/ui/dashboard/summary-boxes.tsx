import type { Derivation } from '../../worker';
import { formatNumber } from '../format';

type Summary = Derivation['summary'];

/** The six summary figures: two decimals, grouped thousands, profits red when negative. */
export function SummaryBoxes({ summary }: { summary: Summary }) {
  const boxes: Array<[label: string, valueEur: number, signed: boolean]> = [
    ['Portfolio value', summary.portfolioValue, false],
    ['Total Invested', summary.totalInvested, false],
    ['Profit (excl. commission)', summary.profitExclCommission, true],
    ['Profit (incl. commission)', summary.totalReturn.absolute, true],
    ['Total Dividend', summary.totalDividend, false],
    ['Total Commission', summary.totalCommission, false],
  ];
  return (
    <dl className="summary">
      {boxes.map(([label, valueEur, signed]) => (
        <div key={label} className="summary-box">
          <dt>{label}</dt>
          <dd className={signed && valueEur < 0 ? 'negative' : undefined}>{formatNumber(valueEur)}</dd>
        </div>
      ))}
    </dl>
  );
}
