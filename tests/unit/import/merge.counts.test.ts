/**
 * The preview's counts (`mergeCounts`, which makes no merged set) are the merge's (`mergeImported`) for every
 * fixture imported into sets an earlier version could have stored: the same file, another file, and a set
 * holding the file's transactions under their former ids, its orders' costs and joined dividends in parts,
 * its dividends without their tax, its converted transactions in USD and its account fees as commissions.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { emptyTransactionSet, type Transaction, type TransactionSet } from '#src/model';
import { applyTickers, mergeCounts, mergeImported, parseDegiroExport, type DegiroImport } from '#src/worker/import';
import { importIdParts } from '#src/worker/import/import-id';
import { fixtureText } from '#helpers/import/degiro-files';
import { tickersOf } from '#helpers/import/real-account-set';
import { REAL_ACCOUNT, REAL_TRADES } from '#helpers/import/real-account-statement';

const FILES: Record<string, () => string> = {
  'nl-example': () => fixtureText('nl-example.csv'),
  'nl-mixed-languages': () => fixtureText('nl-mixed-languages.csv'),
  'nl-thousands-separators': () => fixtureText('nl-thousands-separators.csv'),
  'nl-flatex-cash': () => fixtureText('nl-flatex-cash.csv'),
  'nl-40-products': () => fixtureText('nl-40-products.csv'),
  'de-statement-wording': () => fixtureText('de-statement-wording.txt'),
  'de-transactions': () => fixtureText('de-transactions.csv'),
  'real Account.csv': () => readFileSync(REAL_ACCOUNT, 'utf8'),
  'real Transactions.csv': () => readFileSync(REAL_TRADES, 'utf8'),
};

/** A fresh import of `name` with a ticker for every product (the merge may change what it is given). */
async function imported(name: string): Promise<DegiroImport> {
  const parsed = await parseDegiroExport(FILES[name]!());
  return applyTickers(parsed, tickersOf(parsed));
}

const plain = ({ ticker, type, date, amount, value, currency, tax }: Transaction, importId: string): Transaction => ({
  ticker,
  type,
  date,
  amount,
  value,
  currency,
  importId,
  ...(tax !== undefined ? { tax } : {}),
});

/** Every other transaction of `file` as an earlier version stored it (see the file's comment). */
function storedEarlier(file: DegiroImport): TransactionSet {
  const set: TransactionSet = { stock: [], dividend: [], commission: [], cash: [] };
  const { stock, dividend, commission, cash } = file.transactions;
  for (const [i, t] of [...stock, ...dividend, ...commission].entries()) {
    if (i % 2 === 1) continue;
    const list = set[t.type];
    if (t.replacesImportIds && t.replacesImportIds.length > 0)
      for (const id of t.replacesImportIds) list.push(plain(t, id));
    else if (t.importId.includes('+')) for (const id of importIdParts(t.importId)) list.push(plain(t, id));
    else if (t.formerImportId) list.push(plain(t, t.formerImportId));
    else if (t.foldedImportIds) list.push({ ...plain(t, t.importId), currency: 'USD' });
    else if (t.type === 'dividend') list.push({ ...plain(t, t.importId), tax: undefined });
    else list.push(plain(t, t.importId));
  }
  for (const [i, c] of cash.entries()) {
    if (i % 3 === 0) continue;
    if (c.kind === 'fee')
      set.commission.push({ ...plain({ ...c, ticker: 'DEGIRO-COSTS', type: 'commission', amount: 1 }, c.importId) });
    else
      set.cash!.push({
        type: 'cash',
        kind: c.kind,
        date: c.date,
        value: c.value,
        currency: c.currency,
        importId: c.importId,
      });
  }
  return set;
}

const countsOf = ({ merged: _merged, ...counts }: ReturnType<typeof mergeImported>) => counts;

describe("the preview's counts", () => {
  it("are the merge's for every fixture into the sets an earlier import could leave", { timeout: 60_000 }, async () => {
    const names = Object.keys(FILES);
    const changed = { renamed: 0, taxFilled: 0, converted: 0, alreadyPresent: 0 };
    for (const earlier of names) {
      const set = storedEarlier(await imported(earlier));
      const full = mergeImported(emptyTransactionSet(), await imported(earlier)).merged;
      for (const name of names) {
        for (const existing of [emptyTransactionSet(), set, full]) {
          const counts = mergeCounts(existing, await imported(name));
          expect(counts, `${name} into ${earlier}`).toEqual(countsOf(mergeImported(existing, await imported(name))));
          for (const key of Object.keys(changed) as Array<keyof typeof changed>) changed[key] += counts[key];
        }
      }
    }
    // Every way a stored transaction is met again is among them.
    for (const [key, count] of Object.entries(changed)) expect(count, key).toBeGreaterThan(0);
  });
});
