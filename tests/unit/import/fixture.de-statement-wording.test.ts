/**
 * `de-statement-wording.txt` is a German DEGIRO statement printed as text, not a CSV. Its 65 booking
 * lines are turned into Account.csv rows here (same order, newest first), so that the German wording
 * (Kauf … zu je, Verkauf, Transaktionsgebühr, Dividende, Dividendensteuer, Währungswechsel, Einzahlung,
 * Zinsen, Einrichtung von Handelsmodalitäten) goes through the importer. Expected values by hand.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { parseDegiroExport, type DegiroImport } from '#src/worker/import';
import { csv, expectEveryLineOnce, fixtureText, total } from '#helpers/import/degiro-files';

const BOOKING = /^(\d{2}-\d{2}-\d{4}) (\d{2}:\d{2}) (.*) ([A-Z]{3}) (-?[\d.]+,\d+) ([A-Z]{3}) (-?[\d.]+,\d+)$/;
const ISIN = /\b([A-Z]{2}[A-Z0-9]{9,10})\b/;
const quote = (cell: string) => (cell.includes(',') ? `"${cell}"` : cell);

/** One Account.csv row per booking line of the statement. */
function statementAsCsv(): string {
  const rows: string[] = [];
  for (const line of fixtureText('de-statement-wording.txt').split('\n')) {
    const m = BOOKING.exec(line.trimEnd());
    if (!m) continue;
    const [, date, time, middle, currency, amount, balanceCurrency, balance] = m as unknown as string[];
    const isin = ISIN.exec(middle!);
    const product = isin ? middle!.slice(0, isin.index).trim() : '';
    let description = isin ? middle!.slice(isin.index + isin[0].length).trim() : middle!;
    // The older statement prints the rate of a conversion after its description: it belongs in FX.
    const rate = /^(.*) (\d+,\d+)$/.exec(description);
    if (rate) description = rate[1]!;
    rows.push(
      [
        date,
        time,
        '',
        product,
        isin?.[1] ?? '',
        quote(description),
        rate ? quote(rate[2]!) : '',
        currency,
        quote(amount!),
        balanceCurrency,
        quote(balance!),
        '',
      ].join(','),
    );
  }
  return csv(rows);
}

let text: string;
let result: DegiroImport;
beforeAll(async () => {
  text = statementAsCsv();
  result = await parseDegiroExport(text);
});

describe('German statement wording', () => {
  it('turns the statement into 65 rows and accounts for each', () => {
    expect(text.trim().split('\n')).toHaveLength(66);
    expectEveryLineOnce(result, text);
    expect(result.unrecognised).toEqual([]);
  });

  it('reads 13 Kauf and 5 Verkauf, share counts with German thousands separators', () => {
    expect(result.counts.buys).toBe(13);
    expect(result.counts.sells).toBe(5);
    const amounts = result.transactions.stock.map((t) => t.amount);
    expect(amounts).toContain(1000); // Kauf 1.000 zu je 0,9
    expect(amounts).toContain(5352); // Kauf 5.352 zu je 0,17
    expect(amounts).toContain(2000); // Kauf 2.000 zu je 0,435 CAD
    expect(total(result.transactions.stock.filter((t) => t.amount < 0))).toBe(-2536);
  });

  it('settles the two CAD buys with their Währungswechsel pairs of the same minute', () => {
    const cad = result.transactions.stock.filter((t) => t.productKey === 'CA4884931078');
    expect(cad.map((t) => [t.amount, t.value, t.currency])).toEqual(
      expect.arrayContaining([
        [2000, 574.92, 'EUR'],
        [1000, 287.46, 'EUR'],
      ]),
    );
    expect(total(result.transactions.stock.filter((t) => t.amount > 0))).toBe(6449.18);
  });

  it("books 27 Transaktionsgebühr as commissions of 50,03 EUR, and the Einrichtung von Handelsmodalitäten (2,50 EUR) as the account's fee", () => {
    expect(result.counts.commissions).toBe(27);
    expect(total(result.transactions.commission)).toBe(50.03);
    expect(result.transactions.cash.filter((c) => c.kind === 'fee').map((c) => [c.date, c.value, c.currency])).toEqual([
      ['2017-06-30', -2.5, 'EUR'],
    ]);
  });

  it('nets Dividendensteuer per product and day, and converts the USD Dividende to the 0,75 EUR credited two days later', () => {
    expect(result.transactions.dividend.map((t) => [t.productKey, t.value, t.currency])).toEqual(
      expect.arrayContaining([
        ['DE000A0D8Q49', 0.75, 'EUR'],
        ['DE0002635299', 24.16, 'EUR'],
        ['DE000A0F5UH1', 1.81, 'EUR'],
      ]),
    );
    expect(result.counts.dividends).toBe(3);
  });

  it('books the five Einzahlung as deposits and the Zinsen as interest, skipping none', () => {
    const kinds = result.transactions.cash.map((c) => c.kind);
    expect(kinds.filter((k) => k === 'deposit')).toHaveLength(5);
    expect(kinds.filter((k) => k === 'interest')).toHaveLength(1);
    expect(result.counts.cash).toMatchObject({ deposit: 5, interest: 1 });
    expect(result.counts.skipped).toBe(0);
  });
});
