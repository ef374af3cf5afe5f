/**
 * A file saved in another encoding gives the same transactions as the UTF-8 file, on every upload path:
 * DEGIRO's Account.csv (the real fixture nl-mixed-languages.csv, with é, ô, ã, ç) and Transactions.csv (German: ö),
 * our CSV restored, another broker's CSV mapped. Each file is encoded here from the UTF-8 original: to
 * Windows-1252 (Excel's "CSV" on a Western Windows: bytes that are not UTF-8) and to UTF-16 LE and BE
 * with a byte-order mark (Excel's "Unicode text"). A binary file is still refused.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { TransactionSet } from '#src/model';
import { transactionsToCsv } from '#src/worker/backup/export-csv';
import { readRestoreFile } from '#src/worker/backup/read-restore';
import { parseDegiroExport } from '#src/worker/import';
import { decodeBytes } from '#src/worker/import/text-encoding';
import { MappedCsvSession } from '#src/worker/mapped-csv/session';
import { emptyTransactionSet } from '#src/model';
import { EUROPEAN_MAPPING_WITH_CURRENCY } from '#helpers/csv-mappings';

/** The reader's clock (`readRestoreFile` has none), which dates the saved-at times a backup may carry. */
const NOW_MS = Date.UTC(2026, 10, 29, 12);

const root = path.resolve(import.meta.dirname, '../../..');
const sharedAccountCsv = readFileSync(path.join(root, 'tests/fixtures/degiro/nl-mixed-languages.csv'), 'utf8');
const transactionsCsv = readFileSync(path.join(root, 'tests/fixtures/degiro/de-transactions.csv'), 'utf8');

/**
 * Windows-1252's bytes 0x80–0x9F that these files use (the code page's table); the rest of its characters
 * are Latin-1's. The narrow no-break space DEGIRO groups digits with has none: Windows writes its
 * best fit, the no-break space (0xA0).
 */
const CP1252_HIGH: Record<string, number> = {
  '€': 0x80,
  '–': 0x96,
  '—': 0x97,
  '‘': 0x91,
  '’': 0x92,
  '“': 0x93,
  '”': 0x94,
  '\u202f': 0xa0,
};

function windows1252(text: string): Uint8Array<ArrayBuffer> {
  return Uint8Array.from(Array.from(text), (char) => {
    const code = char.charCodeAt(0);
    const byte = CP1252_HIGH[char] ?? (code < 0x80 || (code >= 0xa0 && code <= 0xff) ? code : undefined);
    if (byte === undefined) throw new Error(`${char} has no Windows-1252 byte`);
    return byte;
  });
}

const utf16le = (text: string) => new Uint8Array(Buffer.from(`\uFEFF${text}`, 'utf16le'));
const utf16be = (text: string) => utf16le(text).map((_, i, bytes) => bytes[i % 2 === 0 ? i + 1 : i - 1]!);

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });
const isUtf8 = (bytes: Uint8Array) => {
  try {
    strictUtf8.decode(bytes);
    return true;
  } catch {
    return false;
  }
};

/** The UTF-8 bytes and the same text in the three other encodings. */
function encodings(text: string) {
  const encoded = {
    'windows-1252': windows1252(text),
    'UTF-16 LE with BOM': utf16le(text),
    'UTF-16 BE with BOM': utf16be(text),
  };
  // Not UTF-8 in disguise: the Windows-1252 bytes of é, ô, ö… are invalid UTF-8, and UTF-16 has a NUL per ASCII letter.
  expect(isUtf8(encoded['windows-1252'])).toBe(false);
  expect(encoded['UTF-16 LE with BOM'].subarray(0, 4)).toEqual(new Uint8Array([0xff, 0xfe, text.charCodeAt(0), 0]));
  expect(encoded['UTF-16 BE with BOM'].subarray(0, 4)).toEqual(new Uint8Array([0xfe, 0xff, 0, text.charCodeAt(0)]));
  return Object.entries(encoded);
}

describe('the decoder', () => {
  it('reads each encoding back to the same text, and says which it was', () => {
    const text = 'Datum;Omschrijving;Bedrag (€)\r\n18-03-2024;Impôts sur dividende – Société Générale;-0,15\r\n';
    expect(decodeBytes(new TextEncoder().encode(text))).toEqual({ text, encoding: 'utf-8' });
    expect(decodeBytes(new TextEncoder().encode(`\uFEFF${text}`))).toEqual({ text, encoding: 'utf-8' });
    const [[, cp1252], [, le], [, be]] = encodings(text) as [
      [string, Uint8Array],
      [string, Uint8Array],
      [string, Uint8Array],
    ];
    expect(decodeBytes(cp1252)).toEqual({ text, encoding: 'windows-1252' });
    expect(decodeBytes(le)).toEqual({ text, encoding: 'utf-16le' });
    expect(decodeBytes(be)).toEqual({ text, encoding: 'utf-16be' });
  });
});

describe("DEGIRO's Account.csv", () => {
  it('gives the same import from Windows-1252 and UTF-16 as from UTF-8', async () => {
    const original = await parseDegiroExport(new Blob([sharedAccountCsv]));
    expect(original.error).toBeUndefined();
    expect(original.transactions.dividend.length + original.transactions.stock.length).toBeGreaterThan(3);
    expect(sharedAccountCsv).toContain('\u202f');
    for (const [encoding, bytes] of encodings(sharedAccountCsv)) {
      const read = await parseDegiroExport(new Blob([bytes]));
      // Every transaction, product, count and skipped line the same; only the lines' text keeps the no-break space Windows-1252 wrote.
      expect({ ...read, skipped: [], unrecognised: [] }, encoding).toEqual({
        ...original,
        skipped: [],
        unrecognised: [],
      });
      expect(
        read.skipped.map((line) => [line.line, line.reason, line.text.replaceAll('\u00a0', '\u202f')]),
        encoding,
      ).toEqual(original.skipped.map((line) => [line.line, line.reason, line.text]));
      expect(
        read.unrecognised.map((line) => [line.line, line.text.replaceAll('\u00a0', '\u202f')]),
        encoding,
      ).toEqual(original.unrecognised.map((line) => [line.line, line.text]));
    }
  });
});

describe("DEGIRO's Transactions.csv", () => {
  it('gives the same trades from Windows-1252 and UTF-16 as from UTF-8', async () => {
    expect(transactionsCsv).toContain('Referenzbörse');
    const original = await parseDegiroExport(new Blob([transactionsCsv]));
    expect(original.error).toBeUndefined();
    expect(original.transactions.stock.length).toBeGreaterThan(0);
    for (const [encoding, bytes] of encodings(transactionsCsv)) {
      expect(await parseDegiroExport(new Blob([bytes])), encoding).toEqual(original);
    }
  });
});

const set: TransactionSet = {
  stock: [
    {
      ticker: 'GLE.PA',
      type: 'stock',
      date: '2021-03-01',
      amount: 10,
      value: 250.5,
      currency: 'EUR',
      importId: 'degiro:00000000000001',
      product: 'SOCIÉTÉ GÉNÉRALE',
    },
    {
      ticker: 'BAYN.DE',
      type: 'stock',
      date: '2021-04-01',
      amount: 2,
      value: 104,
      currency: 'EUR',
      importId: 'degiro:00000000000002',
      product: 'BAYER AG NA O.N. – Müller €',
    },
  ],
  dividend: [
    { ticker: 'GLE.PA', type: 'dividend', date: '2021-05-14', amount: 1, value: 4.5, currency: 'EUR', tax: 1.5 },
  ],
  commission: [],
};

describe('our CSV, restored', () => {
  it('reads the same transactions and symbol choices from Windows-1252 and UTF-16 (BOM dropped as a spreadsheet saves it)', async () => {
    const exported = transactionsToCsv(set, { FR0000130809: 'GLE.PA' }).replace(/^\uFEFF/, '');
    const original = await readRestoreFile(new Blob([exported]), NOW_MS);
    expect(original).toMatchObject({
      ok: true,
      content: { transactions: set, symbolChoices: { FR0000130809: 'GLE.PA' } },
    });
    for (const [encoding, bytes] of encodings(exported)) {
      expect(await readRestoreFile(new Blob([bytes]), NOW_MS), encoding).toEqual(original);
    }
  });

  it('refuses a binary file as not text, restoring nothing', async () => {
    const png = new Uint8Array([
      0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52, 0xff, 0x00, 0x9c,
    ]);
    expect(await readRestoreFile(new Blob([png]), NOW_MS)).toMatchObject({
      ok: false,
      error:
        'The file is not text (it holds binary data), so it is not one of our backups or CSV files. Nothing was restored.',
    });
  });
});

describe("another broker's CSV, mapped", () => {
  const broker = [
    'Datum;Omschrijving;Symbool;Aantal;Bedrag (€);Valuta',
    '04-01-2021;Koop Société Générale;GLE.PA;10;250,50;EUR',
    '15-03-2021;Achat Müller;BAYN.DE;2;104,00;EUR',
    '14-05-2021;Dividende Société Générale;GLE.PA;;4,50;EUR',
    '',
  ].join('\r\n');
  const mapping = EUROPEAN_MAPPING_WITH_CURRENCY;

  async function mapped(file: Blob) {
    const session = new MappedCsvSession();
    const opened = await session.open(file, 'broker.csv', emptyTransactionSet(), async () => mapping);
    if (!opened.ok) throw new Error(opened.message);
    return {
      header: opened.file.header,
      remembered: opened.file.remembered,
      merged: session.merge(mapping, emptyTransactionSet()),
    };
  }

  it('reads the same header and the same transactions from Windows-1252 and UTF-16', async () => {
    const original = await mapped(new Blob([broker]));
    expect(original.header[4]).toBe('Bedrag (€)');
    expect(original.remembered).toBe(true);
    expect(original.merged).toMatchObject({ added: 3, skippedRows: 0 });
    for (const [encoding, bytes] of encodings(broker)) {
      expect(await mapped(new Blob([bytes])), encoding).toEqual(original);
    }
  });
});
