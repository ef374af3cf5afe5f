import type { CashCounts, Reconciliation } from '../../worker';
import { CASH_KIND_NAMES } from '../../machines/cash-draft';
import type { Formats } from '../format';
import { useFormats } from '../locale-context';

/** One currency's check in words: reconciled to the cent, or the first day, line and difference where it is not. */
export function reconciliationText(check: Reconciliation, formats: Formats): string {
  const from = check.startsMidway
    ? ` The statement starts midway: the check starts from its first line's balance, ${formats.money(check.openingCents / 100, check.currency)}.`
    : '';
  if (check.status === 'reconciled')
    return `${check.currency}: reconciled to the cent over ${formats.count(check.days)} ${check.days === 1 ? 'day' : 'days'}.${from}`;
  const where = check.line !== undefined ? `, line ${check.line}` : '';
  const why = check.reason ? ` (${check.reason})` : '';
  const by = formats.signedMoney((check.differenceCents ?? 0) / 100, check.currency);
  return `${check.currency}: not reconciled. On ${check.day ? formats.date(check.day) : 'a day'}${where}${why}, the statement's balance differs from the imported rows' cash by ${by}.${from}`;
}

/** The statement's own check per currency (SEMANTICS.md "Statements reconciled"), as the preview and the result say it. */
export function ImportReconciliation({ checks, label }: { checks: readonly Reconciliation[]; label: string }) {
  const formats = useFormats();
  if (checks.length === 0)
    return <p className="hint">This file has no running balance, so it cannot be checked against one.</p>;
  const off = checks.some((check) => check.status === 'off');
  return (
    <div className={off ? 'notice' : undefined}>
      <h4>{label}</h4>
      <ul className="reconciliation">
        {checks.map((check) => (
          <li key={check.currency} data-status={check.status}>
            {reconciliationText(check, formats)}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The file's cash rows per kind: 'Deposits: 13', … (kinds without one left out). */
export function CashCountItems({ counts }: { counts: CashCounts }) {
  const kinds = (Object.keys(CASH_KIND_NAMES) as Array<keyof CashCounts>).filter((kind) => counts[kind] > 0);
  return (
    <>
      {kinds.map((kind) => (
        <li key={kind}>
          Cash, {CASH_KIND_NAMES[kind].toLowerCase()}: {counts[kind]}
        </li>
      ))}
    </>
  );
}
