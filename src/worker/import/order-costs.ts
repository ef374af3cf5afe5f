/**
 * One order's costs are one commission, in both of DEGIRO's files. Account.csv may book an order's costs
 * as several rows under its Order Id (DEGIRO's fee and a third party's: `-2,00` and `-0,37`; one row per
 * fill of a partly filled order), where Transactions.csv gives one costs cell per fill. So the cost rows of
 * one Order Id, product, day and currency are summed into one commission, keyed by the day, the product
 * and that sum (`costsFingerprint`): both files give the order's costs the same id, whichever is imported
 * first. Rows without an Order Id (older statements) stay one commission each.
 *
 * Earlier versions keyed each cost row alone: the ids they stored for an order's rows are kept on the
 * rows (`previousFingerprint`), so that the merge replaces those stored parts by the order's one
 * commission instead of adding it beside them.
 */
import { Hasher } from './import-id';
import { roundMoney } from './numbers';
import type { SourceRow } from './rows';
import { costsFingerprint } from './row-keys';

const hasher = new Hasher();

/** Whether the row is a product's cost row that an Order Id ties to its order. */
function isOrderCost(row: SourceRow): boolean {
  return (
    row.problem === null &&
    row.classification.kind === 'fee' &&
    row.isin !== '' &&
    row.orderId !== '' &&
    row.fingerprint !== 0
  );
}

/**
 * Joins the cost rows of each order (rows in file order): the first row of a group leads it, carries the
 * group's summed key, and the others name it in `costsLead` (their own fingerprint becomes 0: they do not
 * identify a transaction). Every row of a group keeps the key it had alone in `previousFingerprint`.
 * Returns whether any group has more than one row.
 */
export function joinOrderCosts(rows: readonly SourceRow[]): boolean {
  // By Order Id first (no key string built per row); an order's rows are then split by product, day and currency.
  const byOrder = new Map<string, SourceRow[]>();
  for (const row of rows) {
    if (!isOrderCost(row)) continue;
    const rowsOfOrder = byOrder.get(row.orderId);
    if (rowsOfOrder) rowsOfOrder.push(row);
    else byOrder.set(row.orderId, [row]);
  }
  let joined = false;
  for (const rowsOfOrder of byOrder.values()) {
    if (rowsOfOrder.length < 2) continue;
    for (const group of groupsOf(rowsOfOrder)) {
      if (group.length < 2) continue;
      joined = true;
      const lead = group[0]!;
      const sum = roundMoney(group.reduce((total, row) => total + row.amount, 0));
      for (const row of group) row.previousFingerprint = row.fingerprint;
      lead.fingerprint = costsFingerprint(hasher, { ...lead, amount: sum });
      for (const row of group.slice(1)) {
        row.costsLead = lead;
        row.fingerprint = 0;
      }
    }
  }
  return joined;
}

/** One order's cost rows (in file order) by product, day and currency, each group in file order. */
function groupsOf(rowsOfOrder: readonly SourceRow[]): SourceRow[][] {
  const groups: SourceRow[][] = [];
  for (const row of rowsOfOrder) {
    const group = groups.find(
      ([first]) =>
        first!.productKey === row.productKey && first!.epochDay === row.epochDay && first!.currency === row.currency,
    );
    if (group) group.push(row);
    else groups.push([row]);
  }
  return groups;
}
