/**
 * The import's whole result, as SHA-1 of its JSON, over every DEGIRO file in tests/fixtures and generated
 * statements of 600–25,000 rows in Dutch and English, each also with its balances corrected (per currency,
 * to the cent) so that the statement's check walks every day instead of stopping at the first. A change
 * meant to be invisible (a faster parse) leaves every digest as it was: `npx tsx scripts/import-digests.ts`
 * prints them, `--write` records them in tests/golden/import/degiro-digests.json.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import Papa from 'papaparse';
import { generateExport, type NumberStyle } from './export-generator';

export type Parse = (input: string) => Promise<unknown>;

const FIXTURES = new URL('../../fixtures/degiro/', import.meta.url);

/** A generated row's cells written back as the generator writes them (a cell with a comma quoted). */
const lineOf = (cells: readonly string[]) => cells.map((cell) => (cell.includes(',') ? `"${cell}"` : cell)).join(',');

/**
 * The generated rows (newest first) with each balance replaced by the running balance of the row's own
 * currency from 0, so that the statement reconciles in every currency.
 */
export function withCorrectBalances(rows: readonly string[], style: NumberStyle): string[] {
  const cells = rows.map((row) => {
    const parsed = Papa.parse<string[]>(row, { delimiter: ',' }).data[0]!;
    if (lineOf(parsed) !== row) throw new Error(`a generated row written otherwise: ${row}`);
    return parsed;
  });
  // Chronological as the statement's check reads it: by day and minute, then the file's order reversed.
  const moment = (row: readonly string[]) =>
    `${row[0]!.slice(6)}${row[0]!.slice(3, 5)}${row[0]!.slice(0, 2)} ${row[1]}`;
  const order = rows.map((_, i) => i);
  order.sort((a, b) => moment(cells[a]!).localeCompare(moment(cells[b]!)) || b - a);
  const cents = new Map<string, number>();
  for (const i of order) {
    const row = cells[i]!;
    const currency = row[7]!;
    const balance = (cents.get(currency) ?? 0) + Math.round(Number(row[8]!.replace(',', '.')) * 100);
    cents.set(currency, balance);
    const text = (balance / 100).toFixed(2);
    row[9] = currency;
    row[10] = style === 'nl' ? text.replace('.', ',') : text;
  }
  return cells.map(lineOf);
}

/** Every input of the check, by name. */
export function digestInputs(): Array<{ name: string; text: string }> {
  const inputs: Array<{ name: string; text: string }> = [];
  const walk = (dir: URL, prefix: string) => {
    for (const name of readdirSync(dir).sort()) {
      const url = new URL(name, dir);
      if (statSync(url).isDirectory()) walk(new URL(`${name}/`, dir), `${prefix}${name}/`);
      else if (name.endsWith('.csv')) inputs.push({ name: `${prefix}${name}`, text: readFileSync(url, 'utf8') });
    }
  };
  walk(FIXTURES, '');
  for (const [rows, seed] of [
    [600, 3],
    [2_500, 11],
    [9_000, 17],
    [25_000, 42],
  ] as const) {
    for (const style of ['nl', 'en'] as const) {
      const generated = generateExport(rows, seed, style);
      inputs.push({ name: `generated ${rows} ${style}`, text: generated.text });
      const header = generated.text.slice(0, generated.text.indexOf('\n'));
      const corrected = withCorrectBalances(generated.rows, style);
      inputs.push({
        name: `generated ${rows} ${style}, balances corrected`,
        text: `${header}\n${corrected.join('\n')}\n`,
      });
    }
  }
  const crlf = inputs.find((input) => input.name === 'generated 2500 nl, balances corrected')!;
  inputs.push({ name: `${crlf.name}, CRLF`, text: crlf.text.replaceAll('\n', '\r\n') });
  return inputs;
}

/** Each input's name and the SHA-1 of its import's JSON. */
export async function importDigests(parse: Parse): Promise<Record<string, string>> {
  const digests: Record<string, string> = {};
  for (const { name, text } of digestInputs())
    digests[name] = createHash('sha1')
      .update(JSON.stringify(await parse(text)))
      .digest('hex');
  return digests;
}
