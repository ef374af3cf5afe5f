import type { Derivation } from '../../worker';
import { SummaryList } from '../components/summary-list';
import { useFormats } from '../locale-context';

type Summary = Derivation['summary'];

/** The six summary figures in euros, in the chosen locale's notation with the euro sign; profits red (and signed) when negative. */
export function SummaryBoxes({ summary }: { summary: Summary }) {
  const formats = useFormats();
  const boxes: Array<[label: string, valueEur: number, signed: boolean]> = [
    ['Portfolio value', summary.portfolioValue, false],
    ['Total Invested', summary.totalInvested, false],
    ['Profit (excl. commission)', summary.profitExclCommission, true],
    ['Profit (incl. commission)', summary.totalReturn.absolute, true],
    ['Total Dividend', summary.totalDividend, false],
    ['Total Commission', summary.totalCommission, false],
  ];
  return <SummaryList figures={boxes.map(([label, valueEur, signed]) => [label, formats.money(valueEur, 'EUR'), signed && valueEur < 0])} />;
}
