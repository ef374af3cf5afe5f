/**
 * One order's costs are one commission, in both of DEGIRO's files. Account.csv may book an order's costs
 * as several rows under its Order Id (DEGIRO's fee and a third party's: `-2,00` and `-0,37`; one row per
 * fill of a partly filled order), where Transactions.csv gives one costs cell per fill. So the cost rows of
 * one Order Id, product, day and currency are summed into one commission, keyed by the day, the product
 * and that sum (`costsFingerprint`): both files give the order's costs the same id, whichever is imported
 * first. Rows without an Order Id (older statements) stay one commission each.
 *
 * Earlier versions keyed each cost row alone: the ids they stored for an order's rows are kept on the
 * side (`OrderCosts.previous`), so that the merge replaces those stored parts by the order's one
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
 * What the joining of an order's cost rows leaves beside the rows (few rows are in it, so no row carries a
 * field for it): each joined row's lead, and the key each row of a group had alone.
 */
export interface OrderCosts {
  /** A cost row summed into the commission of its order's first cost row: that row. */
  lead: Map<SourceRow, SourceRow>;
  /**
   * The fingerprint a row had when each product cost row was keyed alone: set for the rows of an order with
   * several cost rows, and after `distinguishRepeatedRows` only where it differs from the row's fingerprint.
   */
  previous: Map<SourceRow, number>;
}

/**
 * Joins the cost rows of each order (rows in file order): the first row of a group leads it, carries the
 * group's summed key, and the others name it in `lead` (their own fingerprint becomes 0: they do not
 * identify a transaction). Every row of a group keeps the key it had alone in `previous`.
 */
export function joinOrderCosts(rows: readonly SourceRow[]): OrderCosts {
  const costs: OrderCosts = { lead: new Map(), previous: new Map() };
  // By Order Id first (no key string built per row); an order's rows are then split by product, day and currency.
  // Most orders have one cost row: only those met twice get a list.
  const firstOfOrder = new Map<string, SourceRow>();
  const byOrder = new Map<string, SourceRow[]>();
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i]!;
    if (!isOrderCost(row)) continue;
    const first = firstOfOrder.get(row.orderId);
    if (first === undefined) firstOfOrder.set(row.orderId, row);
    else {
      const rowsOfOrder = byOrder.get(row.orderId);
      if (rowsOfOrder) rowsOfOrder.push(row);
      else byOrder.set(row.orderId, [first, row]);
    }
  }
  for (const rowsOfOrder of byOrder.values()) {
    for (const group of groupsOf(rowsOfOrder)) {
      if (group.length < 2) continue;
      const lead = group[0]!;
      const sum = roundMoney(group.reduce((total, row) => total + row.amount, 0));
      for (const row of group) costs.previous.set(row, row.fingerprint);
      lead.fingerprint = costsFingerprint(hasher, { ...lead, amount: sum });
      for (const row of group.slice(1)) {
        costs.lead.set(row, lead);
        row.fingerprint = 0;
      }
    }
  }
  return costs;
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
