/** What a DEGIRO import produces: transactions with their source lines, and every other line with a reason. */
import { emptyByType, type Transaction } from '../../model';
import type { CashKind, CashTransaction } from '../../model/cash';

/** How the refusal of a file that is no DEGIRO account statement starts: the page then offers the mapping of another broker's CSV. */
export const NOT_DEGIRO_STATEMENT = 'Not a DEGIRO account statement';
/** How the refusal of a file whose header looks like one of DEGIRO's other files starts (another broker's may too). */
export const OTHER_DEGIRO_FILE = "This looks like DEGIRO's";

/** Why a line is not a transaction of this product. Readable as shown; stable, so the preview may group by it. */
export const SKIP_REASONS = [
  'cash sweep',
  'money-market fund',
  'reservation',
  'share split',
  'no money moved',
  'dividend nets to zero',
  'incomplete row',
] as const;
export type SkipReason = (typeof SKIP_REASONS)[number];

/** One sentence per skip reason, for a tooltip or a heading in the preview. */
export const SKIP_REASON_DESCRIPTIONS: Record<SkipReason, string> = {
  'cash sweep':
    "Money moved between the account's two places (DEGIRO and its cash account at flatexDEGIRO Bank): the account's cash is the sum of both, so it is neither a deposit nor a withdrawal (the check follows it).",
  'money-market fund':
    "Uninvested cash moved into or out of the money-market fund that holds it: still the account's cash, so nothing is booked (the check follows it).",
  reservation:
    'A reservation for a pending deposit, released when the deposit itself is booked: counted once, as that deposit.',
  'no money moved': 'A deposit or withdrawal of 0: there is nothing to book.',
  'share split': 'Share split bookings: splits come from the market data, so the engine adjusts share counts itself.',
  'dividend nets to zero':
    'A dividend whose reversal cancels it to zero, or whose tax takes all of it in a currency that is no ISO 4217 code (nothing was received to convert).',
  'incomplete row': 'A row without a date, a description or an amount.',
};

export interface SkippedLine {
  /** 1-based physical line of the file (the header is line 1). */
  line: number;
  reason: SkipReason;
  /** The line as it stands in the file. */
  text: string;
}

export interface UnrecognisedLine {
  line: number;
  text: string;
  /** Why the importer could not turn the line into a transaction. */
  reason: string;
}

/** A transaction built from one or more source rows, before the merge strips the bookkeeping. */
export interface ImportedTransaction extends Transaction {
  importId: string;
  /** Physical lines this transaction came from (continuation lines and folded conversion rows included). */
  lines: number[];
  /** The product it belongs to: the ISIN, or the product name when there is none. */
  productKey: string;
  /**
   * Its id under the former keying of trades and product costs (before Account.csv and Transactions.csv
   * shared keys): a transaction stored under it is the same one, and takes the new id.
   */
  formerImportId?: string;
  /**
   * Ids under which earlier versions stored parts of it (an order's cost rows, each keyed alone): stored
   * transactions under them are replaced by it, not kept beside it.
   */
  replacesImportIds?: string[];
  /**
   * The ids of the conversion legs folded into it (a dividend converted the next day): an export that ended
   * between the two booked those legs as cash conversions, which it now holds, so they give way to it.
   */
  foldedImportIds?: string[];
}

/**
 * Where a product's ticker came from: the user's own choice (`saved`: made in the preview, remembered
 * from an earlier import, `--ticker` on the command line), a symbol lookup, the shipped ISIN table, the
 * product's ISIN standing in until a symbol is picked (`placeholder`, no price source), or none needed
 * (the account's costs, a product that nets to nothing).
 */
export type TickerSource = 'saved' | 'lookup' | 'table' | 'placeholder' | 'none-needed';

export interface ImportedProduct {
  /** The key `tickers` choices are stored under: the ISIN, or the product name when there is none. */
  productKey: string;
  product: string;
  isin: string;
  /** Currency its trades were made in (before any conversion), else its dividends'; null without either. */
  currency: string | null;
  /** DEGIRO's code of the exchange of its newest trade (Transactions.csv only: `EAM`, `XET`, `NDQ`), for the symbol lookup. */
  venue?: string;
  /**
   * False for the account's costs and for a product whose trades net to zero shares and zero cash with no
   * dividend (a claim, a right, a non-tradeable line): it is imported, closed, under a fixed ticker.
   */
  needsSymbol: boolean;
  ticker: string | null;
  source: TickerSource | null;
  /** Why the symbol chosen for it was refused (it then has the next source's ticker). */
  problem?: string;
}

/** A cash line of the statement (a deposit, an interest payment, an account fee, a conversion leg), as imported. */
export interface ImportedCash extends CashTransaction {
  importId: string;
  /** Physical lines it came from. */
  lines: number[];
  /**
   * A conversion leg of the first weeks of the file, which may convert a dividend or fee booked before the
   * file's first day (`before`): `eur` is what its conversion credited or debited in EUR, `pair` its legs'
   * ids. When the set holds such bookings, converted (an earlier export had both), the merge leaves the legs out.
   */
  convertsBefore?: { before: string; eur: number; pair: string[] };
}

export interface ImportedTransactions {
  stock: ImportedTransaction[];
  dividend: ImportedTransaction[];
  commission: ImportedTransaction[];
  cash: ImportedCash[];
}

/**
 * The statement's own check, per currency of its `Saldo` column (SEMANTICS.md "Statements reconciled"):
 * the cash the imported rows imply, from the statement's opening balance, against its balance at the end
 * of each day. `off` names the first day where they differ, a line of that day and by how much.
 */
export interface Reconciliation {
  currency: string;
  status: 'reconciled' | 'off';
  /** `YYYY-MM-DD`: the first day whose end balance differs (off only). */
  day?: string;
  /** The line of that day where the difference shows first (off only). */
  line?: number;
  /** The statement's balance minus the imported rows' cash at the end of `day`, in cents (off only). */
  differenceCents?: number;
  /** Why that line is not booked, when it is not (unrecognised or skipped). */
  reason?: string;
  /** The statement does not start at an empty account: the check starts from its first line's balance. */
  startsMidway: boolean;
  /** The balance the check starts from, in cents (0 for a statement from the account's opening). */
  openingCents: number;
  /** Days of the statement in this currency that were checked. */
  days: number;
}

export type CashCounts = Record<CashKind, number>;

export interface ImportCounts {
  buys: number;
  sells: number;
  dividends: number;
  commissions: number;
  /** Cash transactions, per kind. */
  cash: CashCounts;
  /** Skipped lines. */
  skipped: number;
  /** Unrecognised lines. */
  unrecognised: number;
  /** Non-blank data lines (the header and blank lines excluded): the sum of the three above, by line. */
  lines: number;
}

export interface DegiroImport {
  transactions: ImportedTransactions;
  skipped: SkippedLine[];
  unrecognised: UnrecognisedLine[];
  products: ImportedProduct[];
  counts: ImportCounts;
  /** Per currency of the statement's balance column; empty for a file without one (Transactions.csv). */
  reconciliation: Reconciliation[];
  /** Set, with everything else empty, when the file is not a DEGIRO account statement or cannot be read. */
  error?: string;
}

export interface ImportProgress {
  /** Bytes read so far (UTF-8 bytes for a string input). */
  bytes: number;
  totalBytes: number;
  /** CSV records read so far, the header included. */
  rows: number;
}

export interface ParseOptions {
  /** Product key (ISIN, or product name when there is none) → Yahoo symbol: the user's choices. */
  tickers?: Record<string, string>;
  onProgress?: (progress: ImportProgress) => void;
  /** Stops the parse between chunks: the result is then an import with `error` set. */
  signal?: AbortSignal;
}

export function emptyImport(error?: string): DegiroImport {
  const result: DegiroImport = {
    transactions: { ...emptyByType<ImportedTransaction>(), cash: [] },
    skipped: [],
    unrecognised: [],
    products: [],
    counts: { buys: 0, sells: 0, dividends: 0, commissions: 0, cash: noCash(), skipped: 0, unrecognised: 0, lines: 0 },
    reconciliation: [],
  };
  if (error !== undefined) result.error = error;
  return result;
}

export function noCash(): CashCounts {
  return { deposit: 0, withdrawal: 0, interest: 0, fee: 0, conversion: 0 };
}
