/**
 * How another broker's CSV maps onto our transactions: which column holds what, how its dates and
 * numbers are written. The user chooses it (we guess first, `guess-mapping.ts`); it is remembered per
 * file header (`headerKey`), per user on the server (`/api/csv-mappings`), checked by `checkCsvMapping` on
 * both sides.
 */
import { instantProblem, isoInstantMs, savedAtProblem } from './saved-at';
import { isCurrency, notACurrency, type Currency } from './currencies';

/** The order of day, month and year in a date; any of `-`, `/`, `.` between them. */
export const DATE_ORDERS = ['YMD', 'DMY', 'MDY'] as const;
export type DateOrder = (typeof DATE_ORDERS)[number];

export const DECIMAL_MARKS = ['.', ','] as const;
export type DecimalMarkChoice = (typeof DECIMAL_MARKS)[number];

export const DELIMITERS = [',', ';', '\t'] as const;
export type Delimiter = (typeof DELIMITERS)[number];

/** The fields a mapping fills; the last three are optional. */
export const MAPPED_FIELDS = ['date', 'ticker', 'type', 'amount', 'value', 'currency', 'tax', 'fees'] as const;
export type MappedField = (typeof MAPPED_FIELDS)[number];
export const REQUIRED_FIELDS: readonly MappedField[] = ['date', 'ticker', 'type', 'amount', 'value'];

export interface CsvMapping {
  delimiter: Delimiter;
  /** Column index (0-based) per field; null = not in the file. */
  columns: Record<MappedField, number | null>;
  /** The currency of every row when no column holds it. */
  fixedCurrency: Currency;
  dateOrder: DateOrder;
  decimalMark: DecimalMarkChoice;
}

/** The key a mapping is remembered under: the header's cells, trimmed and lower case. */
export function headerKey(header: readonly string[]): string {
  return header.map((cell) => cell.trim().toLowerCase()).join('\u001f');
}

/** What is wrong with a mapping before any row is read, or null. */
export function mappingProblem(mapping: CsvMapping, columnCount: number): string | null {
  for (const field of REQUIRED_FIELDS) {
    if (mapping.columns[field] === null) return `Choose the column of the ${field}.`;
  }
  const used = new Map<number, MappedField>();
  for (const field of MAPPED_FIELDS) {
    const column = mapping.columns[field];
    if (column === null) continue;
    if (column < 0 || column >= columnCount)
      return `The ${field} column ${column + 1} is not in the file (it has ${columnCount}).`;
    const other = used.get(column);
    if (other) return `The ${other} and the ${field} are both in column ${column + 1}; each needs its own.`;
    used.set(column, field);
  }
  return null;
}

/** The longest header key the server keeps (a header of some 150 columns). */
export const MAX_HEADER_KEY_LENGTH = 4000;
/** The most columns a mapping may point into. */
export const MAX_MAPPED_COLUMNS = 500;
/** How many headers' mappings the server keeps per user; saving one more forgets the least recently saved. */
export const MAX_REMEMBERED_MAPPINGS = 50;

export type CheckedCsvMapping = { ok: true; value: CsvMapping } | { ok: false; message: string };

const isOneOf = <T extends string>(values: readonly T[], value: unknown): value is T =>
  typeof value === 'string' && (values as readonly string[]).includes(value);

/**
 * A mapping as sent or stored, checked: exactly the keys of `CsvMapping`, every field's column a whole
 * number below MAX_MAPPED_COLUMNS or null, the choices among theirs. The columns' consistency with a file
 * (`mappingProblem`) is the worker's to check, against the file.
 */
export function checkCsvMapping(value: unknown): CheckedCsvMapping {
  const refuse = (message: string): CheckedCsvMapping => ({
    ok: false,
    message: `The mapping is not valid: ${message}.`,
  });
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return refuse('send it as a JSON object');
  const given = value as Record<string, unknown>;
  const keys = ['delimiter', 'columns', 'fixedCurrency', 'dateOrder', 'decimalMark'];
  const unknownKey = Object.keys(given).find((key) => !keys.includes(key));
  if (unknownKey !== undefined)
    return refuse(`"${unknownKey.slice(0, 40)}" is not part of a mapping (known: ${keys.join(', ')})`);
  if (!isOneOf(DELIMITERS, given.delimiter)) return refuse('delimiter is one of "," ";" and a tab');
  if (!isCurrency(given.fixedCurrency)) return refuse(`fixedCurrency: ${notACurrency(given.fixedCurrency)}`);
  if (!isOneOf(DATE_ORDERS, given.dateOrder)) return refuse(`dateOrder is one of ${DATE_ORDERS.join(', ')}`);
  if (!isOneOf(DECIMAL_MARKS, given.decimalMark)) return refuse('decimalMark is "." or ","');
  const columns = given.columns;
  if (columns === null || typeof columns !== 'object' || Array.isArray(columns))
    return refuse('columns is an object naming a column per field');
  const columnKeys = Object.keys(columns);
  const extra = columnKeys.find((key) => !isOneOf(MAPPED_FIELDS, key));
  if (extra !== undefined) return refuse(`"${extra.slice(0, 40)}" is not a field (known: ${MAPPED_FIELDS.join(', ')})`);
  const checked = {} as CsvMapping['columns'];
  for (const field of MAPPED_FIELDS) {
    const column = (columns as Record<string, unknown>)[field];
    if (column === null) checked[field] = null;
    else if (typeof column === 'number' && Number.isInteger(column) && column >= 0 && column < MAX_MAPPED_COLUMNS)
      checked[field] = column;
    else return refuse(`columns.${field} is a column number from 0 to ${MAX_MAPPED_COLUMNS - 1}, or null`);
  }
  return {
    ok: true,
    value: {
      delimiter: given.delimiter,
      columns: checked,
      fixedCurrency: given.fixedCurrency,
      dateOrder: given.dateOrder,
      decimalMark: given.decimalMark,
    },
  };
}

/** A header key as sent: text of 1 to MAX_HEADER_KEY_LENGTH characters, or why not. */
export function headerKeyProblem(key: unknown): string | null {
  if (typeof key !== 'string' || key.length === 0) return 'The header is missing: send the header key as text.';
  if (key.length > MAX_HEADER_KEY_LENGTH)
    return `The header is longer than ${MAX_HEADER_KEY_LENGTH} characters; its mapping is not remembered.`;
  return null;
}

/** A mapping as remembered: the header key it is remembered under, the mapping, and when it was saved (ISO 8601, UTC). */
export interface RememberedMapping {
  header: string;
  mapping: CsvMapping;
  savedAt: string;
}

/** How a restore writes the remembered mappings: `replace` makes the user's the given ones; `merge` adds those of headers the user has none for. */
export type MappingsRestoreMode = 'merge' | 'replace';

/** A saved-at time in ms (no range check; the rule is `savedAtProblem` in `saved-at.ts`): for ordering what is stored. */
export const savedAtMs = isoInstantMs;

/**
 * How a list's saved-at times are checked: against the rule of `saved-at.ts` at `nowMs` (a backup being
 * restored, by the worker's reader and by the server), or only as ISO instants (`as-stored`: the server's
 * own list as it answers it, whose times an export brings within the rule).
 */
export type SavedAtCheck = { nowMs: number } | 'as-stored';

/**
 * A list of remembered mappings as sent or read from a backup, checked: at most MAX_REMEMBERED_MAPPINGS,
 * each `{header, mapping, savedAt}` with a header key as `headerKeyProblem` wants it, a mapping as
 * `checkCsvMapping` wants it and a saved-at time as `times` says; no header twice. The message names the
 * first problem.
 */
export function checkRememberedMappings(
  value: unknown,
  times: SavedAtCheck,
): { ok: true; value: RememberedMapping[] } | { ok: false; message: string } {
  if (!Array.isArray(value)) return { ok: false, message: 'expected a list of {header, mapping, savedAt}' };
  if (value.length > MAX_REMEMBERED_MAPPINGS)
    return { ok: false, message: `${value.length} mappings, at most ${MAX_REMEMBERED_MAPPINGS} are remembered` };
  const seen = new Set<string>();
  const checked: RememberedMapping[] = [];
  for (const [i, entry] of value.entries()) {
    if (entry === null || typeof entry !== 'object' || Array.isArray(entry))
      return { ok: false, message: `mapping ${i + 1} is not an object {header, mapping, savedAt}` };
    const { header, mapping, savedAt, ...rest } = entry as Record<string, unknown>;
    const extra = Object.keys(rest)[0];
    if (extra !== undefined)
      return {
        ok: false,
        message: `mapping ${i + 1} has "${extra.slice(0, 40)}", which is not part of a remembered mapping`,
      };
    const headerProblem = headerKeyProblem(header);
    if (headerProblem) return { ok: false, message: `mapping ${i + 1}: ${headerProblem}` };
    if (seen.has(header as string)) return { ok: false, message: `mapping ${i + 1}: its header is remembered twice` };
    seen.add(header as string);
    const read = checkCsvMapping(mapping);
    if (!read.ok) return { ok: false, message: `mapping ${i + 1}: ${read.message}` };
    const timeProblem = times === 'as-stored' ? instantProblem(savedAt) : savedAtProblem(savedAt, times.nowMs);
    if (timeProblem !== null) return { ok: false, message: `mapping ${i + 1}: savedAt ${timeProblem}` };
    checked.push({ header: header as string, mapping: read.value, savedAt: savedAt as string });
  }
  return { ok: true, value: checked };
}
