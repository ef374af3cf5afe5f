/**
 * Numbers as the user types them, read in their locale (nl-NL `1.234,56`, en `1,234.56`, and any locale
 * `Intl` knows). The one parser of the add form and its validation. It refuses what it cannot read for
 * sure: `1,000` in Dutch notation is one, yet often meant as a thousand, so it is refused with both
 * readings named; a mark it had to interpret is reported back (`note`), so nothing is misread silently.
 */

export interface NumberMarks {
  /** The locale's decimal mark: ',' (nl) or '.' (en). */
  decimal: string;
  /** The locale's thousands mark: '.' (nl), ',' (en), a space (fr), an apostrophe (de-CH). */
  group: string;
}

export type NumberReading =
  | { ok: true; value: number; note?: string }
  | { ok: false; problem: 'empty' | 'invalid' | 'ambiguous'; message: string };

const marksByLocale = new Map<string, NumberMarks>();

export function numberMarks(locale: string): NumberMarks {
  let marks = marksByLocale.get(locale);
  if (!marks) {
    const parts = new Intl.NumberFormat(locale).formatToParts(12_345.6);
    marks = {
      decimal: parts.find((p) => p.type === 'decimal')?.value ?? '.',
      group: parts.find((p) => p.type === 'group')?.value ?? ',',
    };
    marksByLocale.set(locale, marks);
  }
  return marks;
}

const notationByLocale = new Map<string, string>();

/** 'Dutch', 'English': the notation's name in messages (the interface speaks English). Once per locale. */
export function notationName(locale: string): string {
  let name = notationByLocale.get(locale);
  if (name === undefined) {
    try {
      name =
        new Intl.DisplayNames(['en'], { type: 'language', languageDisplay: 'standard' }).of(locale.split('-')[0]!) ??
        locale;
    } catch {
      name = locale;
    }
    notationByLocale.set(locale, name);
  }
  return name;
}

const SPACES = /[\u0020\u00a0\u202f\u2009]/;
const SIGNS = '+-\u2212';
const CURRENCY = /[€$£¥]|\b(?:eur|usd)\b/i;

const markName = (mark: string): string =>
  mark === ',' ? 'the comma' : mark === '.' ? 'the point' : SPACES.test(mark) ? 'a space' : `“${mark}”`;

/** Digits and the marks between them; null when anything else is in the text. */
function tokens(text: string, marks: NumberMarks): { runs: string[]; seps: string[] } | null {
  const runs: string[] = [];
  const seps: string[] = [];
  let digits = '';
  for (const ch of text) {
    if (ch >= '0' && ch <= '9') {
      digits += ch;
      continue;
    }
    const isMark = ch === '.' || ch === ',' || ch === marks.group || SPACES.test(ch) || ch === "'" || ch === '’';
    if (!isMark) return null;
    runs.push(digits);
    seps.push(SPACES.test(ch) ? ' ' : ch);
    digits = '';
  }
  runs.push(digits);
  return { runs, seps };
}

/** Whether runs joined by thousands marks form proper groups: 1–3 digits first, then 3 each. */
function properlyGrouped(runs: readonly string[]): boolean {
  if (runs.length < 2) return true;
  const [first, ...rest] = runs;
  // A leading group is never 0: `0,125` is not a grouped number.
  return first!.length >= 1 && first!.length <= 3 && first![0] !== '0' && rest.every((run) => run.length === 3);
}

const isGroupMark = (sep: string, marks: NumberMarks): boolean =>
  sep === marks.group || sep === ' ' || (SPACES.test(marks.group) && sep === ' ');

/** A lone mark before exactly three digits, after 1–3 digits not starting with 0: `1,000`, `12.500`. */
const looksLikeThousands = (intDigits: string, fracDigits: string): boolean =>
  fracDigits.length === 3 && intDigits.length >= 1 && intDigits.length <= 3 && intDigits[0] !== '0';

/** Intl refuses more than 20 fraction digits (a RangeError): a longer decimal is said to 20 places. */
const MAX_FRACTION_DIGITS = 20;

/**
 * Formats by locale, digits and grouping: a new Intl.NumberFormat costs about half a millisecond, and the
 * transaction form reads each of its number fields on every render (the example in a message is made
 * whether or not the field is wrong).
 */
const formats = new Map<string, Intl.NumberFormat>();

function numberFormat(locale: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${locale}|${options.minimumFractionDigits ?? ''}|${options.maximumFractionDigits ?? ''}|${String(options.useGrouping ?? '')}`;
  let made = formats.get(key);
  if (!made) {
    made = new Intl.NumberFormat(locale, options);
    formats.set(key, made);
  }
  return made;
}

function format(value: number, locale: string, fractionDigits: number, grouping = true): string {
  const digits = Math.min(fractionDigits, MAX_FRACTION_DIGITS);
  return numberFormat(locale, {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
    useGrouping: grouping,
  }).format(value);
}

/**
 * Reads `text` as a number written in `locale`'s notation. Accepts the locale's decimal mark, its
 * thousands mark (or spaces) in groups of three, a leading sign, and a lone foreign decimal mark when
 * its shape leaves no doubt (`1.5` in nl). Refuses a lone decimal mark followed by exactly three digits
 * (`1,000` in nl, `1.000` in en): one reading is a thousand times the other.
 */
export function parseLocaleNumber(text: string, locale: string): NumberReading {
  const marks = numberMarks(locale);
  const notation = `${notationName(locale)} notation`;
  const example = format(1234.56, locale, 2);
  const trimmed = text.trim();
  if (trimmed === '') return { ok: false, problem: 'empty', message: 'Enter a number.' };
  let body = trimmed;
  let negative = false;
  if (SIGNS.includes(body[0]!)) {
    negative = body[0] !== '+';
    body = body.slice(1).trimStart();
  }
  const invalid = (message: string): NumberReading => ({ ok: false, problem: 'invalid', message });
  if (CURRENCY.test(body))
    return invalid('Leave out the currency sign: type the number only (the currency has a field of its own).');
  const parsed = tokens(body, marks);
  if (!parsed || body === '')
    return invalid(`“${trimmed}” is not a number. Type digits, e.g. ${example} (${notation}).`);
  const { runs, seps } = parsed;
  if (runs.some((run, i) => run === '' && !(i === 0 && seps[0] === marks.decimal))) {
    return invalid(
      `“${trimmed}” is not a number: each mark needs digits on both sides. Type e.g. ${example} (${notation}).`,
    );
  }
  const sign = negative ? -1 : 1;
  const result = (intDigits: string, fracDigits: string, note?: string): NumberReading => {
    const value = sign * Number(`${intDigits || '0'}.${fracDigits || '0'}`);
    return note ? { ok: true, value: value === 0 ? 0 : value, note } : { ok: true, value: value === 0 ? 0 : value };
  };
  const ambiguous = (typed: string, intDigits: string, fracDigits: string, mark: string): NumberReading => {
    const small = numberFormat(locale, { maximumFractionDigits: 3 }).format(
      sign * Number(`${intDigits}.${fracDigits}`),
    );
    const large = sign * Number(`${intDigits}${fracDigits}`);
    return {
      ok: false,
      problem: 'ambiguous',
      message:
        `“${typed}” is ambiguous: as written it reads as ${small} (${markName(mark)} as the decimal mark in ${notation}), ` +
        `but it is often meant as ${format(large, locale, 0, false)}. Type ${small} or ${format(large, locale, 0, false)}.`,
    };
  };
  const readAs = (intDigits: string, fracDigits: string) =>
    format(sign * Number(`${intDigits || '0'}.${fracDigits || '0'}`), locale, fracDigits.length);

  if (seps.length === 0) return result(runs[0]!, '');

  const decimalAt = seps.flatMap((sep, i) => (sep === marks.decimal ? [i] : []));
  const foreign = marks.decimal === ',' ? '.' : ',';
  if (decimalAt.length > 1)
    return invalid(
      `“${trimmed}” has ${markName(marks.decimal)} more than once; in ${notation} it is the decimal mark. Type e.g. ${example}.`,
    );

  if (decimalAt.length === 1) {
    const at = decimalAt[0]!;
    const before = seps.slice(0, at);
    const intRuns = runs.slice(0, at + 1);
    const fracDigits = runs[at + 1]!;
    if (at !== seps.length - 1) {
      // A mark after the decimal mark: likely the other notation (`1,234.56` in nl).
      const other = seps[seps.length - 1]!;
      const digits = runs.slice(0, -1).join('');
      const last = runs[runs.length - 1]!;
      const guess =
        other === foreign && properlyGrouped(runs.slice(0, -1))
          ? ` Did you mean ${format(sign * Number(`${digits}.${last}`), locale, last.length)}?`
          : '';
      return invalid(
        `“${trimmed}” does not read in ${notation}: ${markName(marks.decimal)} is the decimal mark and comes last.${guess}`,
      );
    }
    if (before.some((sep) => !isGroupMark(sep, marks)) || !properlyGrouped(intRuns)) {
      return invalid(
        `“${trimmed}” is not grouped in threes. In ${notation} type e.g. ${example} or ${format(1234.56, locale, 2, false)}.`,
      );
    }
    const intDigits = intRuns.join('');
    if (before.length === 0 && looksLikeThousands(intDigits, fracDigits))
      return ambiguous(trimmed, intDigits, fracDigits, marks.decimal);
    const reading = readAs(intDigits, fracDigits);
    return result(intDigits, fracDigits, before.length > 0 && reading !== trimmed ? `Read as ${reading}.` : undefined);
  }

  // No decimal mark of the locale: thousands marks only, or one foreign decimal mark.
  if (seps.every((sep) => isGroupMark(sep, marks)) && properlyGrouped(runs)) {
    const intDigits = runs.join('');
    return result(
      intDigits,
      '',
      `Read as ${format(sign * Number(intDigits), locale, 0, false)} (${markName(seps[0]!)} groups thousands in ${notation}).`,
    );
  }
  if (seps.length === 1 && seps[0] === foreign && runs[0] !== '') {
    // `1.5` in nl, `2,75` in en: no thousands group has that shape, so the mark can only be a decimal mark.
    const [intDigits, fracDigits] = runs as [string, string];
    if (looksLikeThousands(intDigits, fracDigits)) return ambiguous(trimmed, intDigits, fracDigits, foreign);
    return result(
      intDigits,
      fracDigits,
      `Read as ${readAs(intDigits, fracDigits)} (${markName(foreign)} taken as the decimal mark).`,
    );
  }
  return invalid(
    `“${trimmed}” does not read as a number in ${notation}: type e.g. ${example} or ${format(1234.56, locale, 2, false)}.`,
  );
}

/**
 * A stored number as a form shows it for editing: the locale's marks and every digit the number has, in a
 * shape `parseLocaleNumber` reads back as the same number without doubt (`1,125` in nl would be refused as
 * ambiguous, so it is written `1,1250`).
 */
export function formatNumberForInput(value: number, locale: string): string {
  const text = numberFormat(locale, { maximumFractionDigits: MAX_FRACTION_DIGITS }).format(value === 0 ? 0 : value);
  const marks = numberMarks(locale);
  const unsigned = text.replace(/^[-\u2212]/, '');
  const at = unsigned.lastIndexOf(marks.decimal);
  if (at < 0) return text;
  const intPart = unsigned.slice(0, at);
  return /^\d+$/.test(intPart) && looksLikeThousands(intPart, unsigned.slice(at + 1)) ? `${text}0` : text;
}
