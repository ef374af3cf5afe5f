/**
 * Issue 30, item 8: buy rows that read `Koop` without "N @ price" are left out with the reason, not
 * "not one the importer knows"; a preview with nothing new and nothing to complete says so (the import is
 * not offered), and the reasons travel with the unrecognised rows to the page.
 */
import { describe, expect, it } from 'vitest';
import { emptyTransactionSet } from '#src/model';
import { applyTickers, mergeImported, parseDegiroExport } from '#src/worker/import';
import { previewOf } from '#src/worker/import-session';
import { csv, expectEveryLineOnce, fixtureText, row } from '#helpers/import/degiro-files';

const ASML = { product: 'ASML HOLDING N.V.', isin: 'NL0010273215' };

describe('a buy or sell row without its share count', () => {
  it('is unrecognised with why, in any language; its costs stay a commission', async () => {
    const text = csv([
      row({
        date: '04-07-2019',
        time: '12:21',
        ...ASML,
        description: 'DEGIRO Transactiekosten en/of kosten van derden',
        currency: 'EUR',
        amount: '-2,00',
        orderId: 'b59b',
      }),
      row({
        date: '04-07-2019',
        time: '12:21',
        ...ASML,
        description: 'Koop',
        currency: 'EUR',
        amount: '-2246,40',
        orderId: 'b59b',
      }),
      row({
        date: '05-07-2019',
        time: '10:00',
        ...ASML,
        description: 'Sell @ 530 EUR',
        currency: 'EUR',
        amount: '1060,00',
      }),
    ]);
    const result = await parseDegiroExport(text);
    expect(result.unrecognised.map((u) => [u.line, u.reason])).toEqual([
      [
        3,
        'a buy ("Koop") without the number of shares and the price ("N @ price"), so how many shares it bought is not known: add it by hand on the Transactions page, or export the statement again from DEGIRO',
      ],
      [
        4,
        'a sell ("Sell @ 530 EUR") without the number of shares and the price ("N @ price"), so how many shares it sold is not known: add it by hand on the Transactions page, or export the statement again from DEGIRO',
      ],
    ]);
    expect(result.transactions.commission.map((t) => t.value)).toEqual([2]);
    expectEveryLineOnce(result, text);
  });

  it('leaves a description that merely starts like a verb alone', async () => {
    const result = await parseDegiroExport(
      csv([row({ date: '04-07-2019', ...ASML, description: 'Koopsom ontvangen', currency: 'EUR', amount: '10,00' })]),
    );
    expect(result.unrecognised.map((u) => u.reason)).toEqual(['the description is not one the importer knows']);
  });

  it('in the real-account-40 statement: six rows, each with the reason, in the preview; imported again, nothing new and nothing to complete', async () => {
    const text = fixtureText('real-account-40/Account.csv');
    const parsed = await parseDegiroExport(text);
    const bare = text.split('\n').flatMap((line, i) => (/,Koop,/.test(line) ? [i + 1] : []));
    expect(parsed.unrecognised.map((u) => u.line)).toEqual(bare);
    const resolved = applyTickers(parsed, Object.fromEntries(parsed.products.map((p) => [p.productKey, p.productKey])));
    const first = previewOf(resolved, emptyTransactionSet(), new Map(), mergeImported);
    expect(first.unrecognised.every((u) => u.reason.startsWith('a buy ("Koop") without the number of shares'))).toBe(
      true,
    );
    expect(first).toMatchObject({ completes: 0, alreadyImported: 0 });
    const stored = mergeImported(emptyTransactionSet(), resolved);
    expect(first.newTransactions).toBe(stored.added);
    const again = previewOf(resolved, stored.merged, new Map(), mergeImported);
    expect(again).toMatchObject({ newTransactions: 0, completes: 0, alreadyImported: stored.added });
  });
});
