/** Reading a Blob in slices: progress, multi-byte characters cut by a slice boundary, the same result as a string. */
import { describe, expect, it } from 'vitest';
import { parseDegiroExport, type ImportProgress } from '#src/worker/import';
import { generateExport, HEADER_NL } from '#helpers/import/export-generator';
import { csv, only, row } from '#helpers/import/degiro-files';

const encoder = new TextEncoder();

describe('streaming a Blob', () => {
  it('reports progress as it reads, ending at the file size', async () => {
    const { text, expected } = generateExport(25_000, 5);
    const blob = new Blob([text]);
    const progress: ImportProgress[] = [];
    const result = await parseDegiroExport(blob, { onProgress: (p) => progress.push(p) });
    expect(progress.length).toBeGreaterThan(3);
    expect(progress.every((p) => p.totalBytes === blob.size)).toBe(true);
    for (let i = 1; i < progress.length; i++) {
      expect(progress[i]!.bytes).toBeGreaterThanOrEqual(progress[i - 1]!.bytes);
      expect(progress[i]!.rows).toBeGreaterThanOrEqual(progress[i - 1]!.rows);
    }
    expect(progress.at(-1)).toEqual({ bytes: blob.size, totalBytes: blob.size, rows: expected.dataLines + 1 });
    expect(result.counts.lines).toBe(expected.dataLines);
  });

  it('reports the UTF-8 size of a string input', async () => {
    const text = csv([
      row({
        date: '18-03-2024',
        product: 'CAFÉ ÜBER',
        isin: 'US7561091049',
        description: 'Dividende',
        currency: 'USD',
        amount: '0,51',
      }),
    ]);
    const progress: ImportProgress[] = [];
    await parseDegiroExport(text, { onProgress: (p) => progress.push(p) });
    expect(progress.at(-1)!.totalBytes).toBe(encoder.encode(text).length);
  });

  it.each([1 << 16, 1 << 17, 1 << 18, 1 << 19, 1 << 20])(
    'reads an "ô" whose two bytes a %s-byte slice boundary separates',
    async (boundary) => {
      const target = row({
        date: '18-03-2024',
        product: 'REALTY INCOME CORP',
        isin: 'US7561091049',
        description: 'Impôts sur dividende',
        currency: 'USD',
        amount: '-0,15',
      });
      const filler = (width: number) =>
        row({
          date: '02-01-2024',
          description: `iDEAL storting ${'x'.repeat(width)}`,
          currency: 'EUR',
          amount: '1,00',
        });
      const prefixBytes =
        encoder.encode(`${HEADER_NL}\n`).length + encoder.encode(target.slice(0, target.indexOf('ô'))).length;
      // Fillers so that the first byte of "ô" is the last byte before the boundary.
      const fillers: string[] = [];
      let bytes = prefixBytes;
      while (bytes + 300 < boundary - 1) {
        const line = filler(200);
        fillers.push(line);
        bytes += encoder.encode(line).length + 1;
      }
      const last = filler(0);
      const pad = boundary - 1 - bytes - (encoder.encode(last).length + 1);
      fillers.push(filler(pad));
      const text = `${HEADER_NL}\n${[...fillers, target, row({ date: '18-03-2024', product: 'REALTY INCOME CORP', isin: 'US7561091049', description: 'Dividende', currency: 'USD', amount: '0,51' })].join('\n')}\n`;
      expect(encoder.encode(text).subarray(boundary - 1, boundary + 1)).toEqual(encoder.encode('ô'));
      const result = await parseDegiroExport(new Blob([text]));
      expect(only(result.transactions.dividend)).toMatchObject({ value: 0.36, currency: 'USD' });
      expect(result.unrecognised).toEqual([]);
    },
  );

  it('gives the same import from a Blob as from the string', async () => {
    const { text } = generateExport(12_000, 9, 'en');
    expect(await parseDegiroExport(new Blob([text]))).toEqual(await parseDegiroExport(text));
  });
});
