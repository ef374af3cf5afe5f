import type { AccountSummary } from '../../machines/account-selectors';
import type { Derivation } from '../../worker';
import { SummaryList, type SummaryFigure } from '../components/summary-list';
import { useFormats } from '../locale-context';

type Summary = Derivation['summary'];

/**
 * The six summary figures in the base currency, in the chosen locale's notation with its sign and digits;
 * profits red (and signed) when negative. A view that holds cash adds its account's (SEMANTICS.md, "Cash"):
 * the cash (per currency when there is more than the base, and all of it in the base), the account's value,
 * the net deposits and the gain on them; or, when an exchange rate they need is missing, why they are not shown.
 */
export function SummaryBoxes({ summary, account }: { summary: Summary; account: AccountSummary | null }) {
  const formats = useFormats();
  const boxes: Array<[label: string, value: number, signed: boolean]> = [
    ['Portfolio value', summary.portfolioValue, false],
    ['Total Invested', summary.totalInvested, false],
    ['Profit (excl. commission)', summary.profitExclCommission, true],
    ['Profit (incl. commission)', summary.totalReturn.absolute, true],
    ['Total Dividend', summary.totalDividend, false],
    ['Total Commission', summary.totalCommission, false],
  ];
  const figures: SummaryFigure[] = boxes.map(([label, value, signed]) => [
    label,
    formats.money(value),
    signed && value < 0,
  ]);
  if (account?.ok) {
    figures.push(
      ...account.perCurrency.map(({ currency, amount }): SummaryFigure => [
        `Cash in ${currency}`,
        formats.money(amount, currency),
        amount < 0,
      ]),
      [
        account.perCurrency.length > 0 ? `Cash, all in ${account.base}` : 'Cash',
        formats.money(account.cashInBase, account.base),
        account.cashInBase < 0,
      ],
      ['Account value', formats.money(account.accountValue, account.base)],
      ['Net deposits', formats.money(account.netDeposits, account.base)],
      ['Gain on deposits', formats.money(account.gain, account.base), account.gain < 0],
    );
  }
  return (
    <>
      <SummaryList figures={figures} />
      {account && !account.ok ? (
        <p className="hint account-unknown">Cash and the account’s value cannot be shown: {account.reason}.</p>
      ) : null}
    </>
  );
}
