/**
 * Reads our CSV (`csv-format.ts`) for a restore: whether a header names our columns (those of today, or
 * of an export made before accounts and cash), in our order or another, and each row checked cell by
 * cell (`read-our-csv-row.ts`), every invalid row named by its record number (the first ones listed, all
 * counted). The accounts the rows name are kept by name, each with an id of the reader's own (`file account 1`…, never an id an account may have):
 * a restore finds each account by its name (`restore-accounts.ts`). The file's size and encoding are
 * checked before, in read-restore.ts, which also reads our JSON backup.
 */
import Papa from 'papaparse';
import { emptyTransactionSet, type TransactionSet } from '../../model';
import type { Account } from '../../model/cash';
import { MAX_ACCOUNTS, MAX_TRANSACTIONS } from '../../model/transaction-limits';
import { CSV_COLUMNS, CSV_COLUMNS_WITHOUT_ACCOUNTS, CSV_HEADER } from './csv-format';
import { ISIN_PATTERN } from './products';
import { readRow } from './read-our-csv-row';
import { refusal, type RestoreProblem, type RestoreRead } from './read-restore';

/**
 * Whether a CSV header names our columns: exactly (`same`), in another order (`reordered`), or not
 * (`other`); `columns`: how many it has (ours of today, or the ten of an export made before accounts).
 */
export function ourHeader(cells: readonly string[]): { shape: 'same' | 'reordered' | 'other'; columns: number } {
  const names = cells.map((cell) => cell.trim().toLowerCase());
  const sorted = (list: readonly string[]) => [...list].sort().join(',');
  for (const columns of [CSV_COLUMNS, CSV_COLUMNS_WITHOUT_ACCOUNTS]) {
    if (names.join(',') === columns.join(',')) return { shape: 'same', columns: columns.length };
    if (sorted(names) === sorted(columns)) return { shape: 'reordered', columns: columns.length };
  }
  return { shape: 'other', columns: names.length };
}

export function readOurCsv(text: string): RestoreRead {
  const parsed = Papa.parse<string[]>(text, {
    delimiter: ',',
    newline: text.includes('\r\n') ? '\r\n' : '\n',
    skipEmptyLines: 'greedy',
  });
  const [header, ...rows] = parsed.data;
  if (!header) return refusal('The file is empty. Nothing was restored.');
  const { shape, columns } = ourHeader(header);
  if (shape === 'reordered') {
    return refusal(
      `The columns are in another order than an Investments Tracker export: "${header.join(',')}" instead of "${CSV_COLUMNS.slice(0, columns).join(',')}". Nothing was restored; restore the file as it was exported, or put the columns back in order.`,
    );
  }
  if (shape === 'other') {
    return refusal(
      `This CSV is not an Investments Tracker export: its header should be "${CSV_HEADER}". For another broker's CSV, map its columns instead. Nothing was restored.`,
    );
  }
  if (rows.length > MAX_TRANSACTIONS) {
    return refusal(
      `The file has ${rows.length.toLocaleString('en')} rows; a portfolio holds at most ${MAX_TRANSACTIONS.toLocaleString('en')} transactions. Nothing was restored.`,
    );
  }
  const transactions: TransactionSet = { ...emptyTransactionSet(), cash: [] };
  const symbolChoices = new Map<string, string>();
  /** The accounts the rows name, by their name in lower case, in the order they first appear. */
  const accounts = new Map<string, Account>();
  const problems: RestoreProblem[] = [];
  rows.forEach((cells, i) => {
    const row = i + 2;
    if (cells.length !== columns) {
      problems.push({
        row,
        message: `${cells.length} cells instead of ${columns}${i === rows.length - 1 ? ' (is the file cut off?)' : ''}`,
      });
      return;
    }
    const result = readRow(cells);
    if (!result.ok) {
      const hint = result.messages.length >= 2 ? ' (are columns swapped?)' : '';
      problems.push({ row, message: result.messages.join('; ') + hint });
      return;
    }
    const read = result.row;
    if (result.accountName !== '') {
      const key = result.accountName.toLowerCase();
      let account = accounts.get(key);
      if (!account)
        accounts.set(key, (account = { id: `file account ${accounts.size + 1}`, name: result.accountName }));
      read.account = account.id;
    }
    if (read.type === 'cash') {
      transactions.cash!.push(read);
      return;
    }
    transactions[read.type].push(read);
    const key = ISIN_PATTERN.test(result.isin) ? result.isin : result.product;
    if (key !== '' && !symbolChoices.has(key)) symbolChoices.set(key, read.ticker);
  });
  if (problems.length > 0) {
    const first = problems[0]!;
    const more = problems.length > 1 ? ` (and ${problems.length - 1} more row${problems.length === 2 ? '' : 's'})` : '';
    return refusal(`Row ${first.row} is not valid: ${first.message}${more}. Nothing was restored.`, problems);
  }
  if (accounts.size > MAX_ACCOUNTS) {
    return refusal(
      `The rows name ${accounts.size} accounts; a portfolio holds at most ${MAX_ACCOUNTS}. Nothing was restored.`,
    );
  }
  // An export made before cash has none: the set has no cash list, as before.
  if (columns < CSV_COLUMNS.length) delete transactions.cash;
  return {
    ok: true,
    kind: 'csv',
    content: {
      transactions,
      symbolChoices: Object.fromEntries(symbolChoices),
      settings: null,
      csvMappings: null,
      ...(accounts.size > 0 ? { accounts: { by: 'name' as const, list: [...accounts.values()] } } : {}),
    },
  };
}
