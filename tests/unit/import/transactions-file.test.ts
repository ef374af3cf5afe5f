/**
 * DEGIRO's Transactions.csv: recognised by its header in DEGIRO's languages and layouts, a trade per row
 * with its costs as the commission and its EUR value, the exchange passed on for the symbol lookup, and
 * the same import ids as Account.csv gives the same trades, so that importing both adds nothing twice.
 */
import { describe, expect, it } from 'vitest';
import { emptyTransactionSet, type Transaction, type TransactionSet } from '#src/model';
import { applyTickers, mergeImported, parseDegiroExport, type DegiroImport } from '#src/worker/import';
import { ImportSession, previewOf } from '#src/worker/import-session';
import { csv, importFixture, only, row } from '#helpers/import/degiro-files';

/**
 * Headers as DEGIRO writes them (quoted by open-source importers of real exports): the current layout in
 * each language, with the currency of the price and of the local value in the unnamed cell after each and
 * the Order Id in the unnamed last cell.
 */
const CURRENT_HEADERS: Record<string, string> = {
  en: 'Date,Time,Product,ISIN,Reference exchange,Venue,Quantity,Price,,Local value,,Value EUR,Exchange rate,AutoFX Fee,Transaction and/or third party fees EUR,Total EUR,Order ID,',
  nl: 'Datum,Tijd,Product,ISIN,Beurs,Uitvoeringsplaats,Aantal,Koers,,Lokale waarde,,Waarde EUR,Wisselkoers,AutoFX Kosten,Transactiekosten en/of kosten van derden EUR,Totaal EUR,Order ID,',
  de: 'Datum,Uhrzeit,Produkt,ISIN,Referenzbörse,Ausführungsort,Anzahl,Kurs,,Wert in Lokalwährung,,Wert EUR,Wechselkurs,AutoFX-Gebühr,Transaktionsgebühren und/oder Fremdkosten EUR,Gesamt EUR,Order-ID,',
  fr: "Date,Heure,Produit,Code ISIN,Bourse de référence,Lieu d'exécution,Quantité,Cours,,Valeur locale,,Valeur EUR,Taux de change,Frais AutoFX,Frais de courtage et/ou de parties tierces EUR,Total EUR,ID Ordre,",
  es: 'Fecha,Hora,Producto,ISIN,Bolsa de referencia,Centro de ejecución,Número,Precio,,Valor local,,Valor EUR,Tipo de cambio,Comisión AutoFX,Costes de transacción y/o externos EUR,Total EUR,ID Orden,',
  it: 'Data,Ora,Prodotto,ISIN,Borsa di riferimento,Borsa,Quantità,Quotazione,,Valore locale,,Valore EUR,Tasso di cambio,Commissione AutoFX,Costi di transazione e/o di terze parti EUR,Totale EUR,ID Ordine,',
  pt: 'Data,Hora,Produto,ISIN,Bolsa de referência,Bolsa,Quantidade,Preços,,Valor local,,Valor EUR,Taxa de Câmbio,Taxa Autofx,Custos de transação e/ou taxas de terceiros,Total EUR,ID da Ordem,',
};

/** Two rows of a real export (as quoted by an open-source importer): a Xetra ETF in EUR, a Nasdaq ADR in USD with AutoFX. */
const CURRENT_ROWS = [
  '15-09-2025,19:33,ADR ON JD.COM INC CLASS A,US47215P1066,NDQ,ARCX,18,"33,7500",USD,"-607,50",USD,"-516,32","1,1766","-1,29","-2,00","-518,32",,fda177bc-4080-4525-862e-f10aadfb4a4f',
  '07-01-2025,09:31,ISHARES MSCI EM ASIA UCITS ETF USD (ACC),IE00B5L8K969,XET,XETA,9,"213,4500",EUR,"-1921,05",EUR,"-1921,05",,"0,00","-3,00","-1924,05",,b93f205d-c38b-4a67-adb7-c9aa08626746',
];

const summary = (result: DegiroImport) => ({
  stock: result.transactions.stock.map(({ date, amount, value, currency, productKey }) => ({
    date,
    amount,
    value,
    currency,
    productKey,
  })),
  commission: result.transactions.commission.map(({ date, value, currency, productKey }) => ({
    date,
    value,
    currency,
    productKey,
  })),
});

describe("DEGIRO's Transactions.csv", () => {
  it.each(Object.entries(CURRENT_HEADERS))(
    'is recognised by its %s header: trades in EUR, the costs as commissions, the exchange on the product',
    async (_language, header) => {
      const result = await parseDegiroExport(`${header}\n${CURRENT_ROWS.join('\n')}\n`);
      expect(result.error).toBeUndefined();
      expect(result.unrecognised).toEqual([]);
      expect(summary(result)).toEqual({
        stock: [
          { date: '2025-01-07', amount: 9, value: 1921.05, currency: 'EUR', productKey: 'IE00B5L8K969' },
          // The EUR that moved for the shares: the value in EUR plus the AutoFX fee.
          { date: '2025-09-15', amount: 18, value: 517.61, currency: 'EUR', productKey: 'US47215P1066' },
        ],
        commission: [
          { date: '2025-01-07', value: 3, currency: 'EUR', productKey: 'IE00B5L8K969' },
          { date: '2025-09-15', value: 2, currency: 'EUR', productKey: 'US47215P1066' },
        ],
      });
      expect(result.products.map(({ isin, venue, currency }) => ({ isin, venue, currency }))).toEqual([
        { isin: 'US47215P1066', venue: 'NDQ', currency: 'USD' },
        { isin: 'IE00B5L8K969', venue: 'XET', currency: 'EUR' },
      ]);
      // Each line once: a trade's costs are a commission of the same line.
      expect(result.counts).toMatchObject({ buys: 2, sells: 0, commissions: 2, lines: 2 });
      expect(result.transactions.stock.map((t) => t.lines)).toEqual([[3], [2]]);
    },
  );

  it("reads the oldest German layout of a real export (no venue column, headings cut short: 'Wert in Lokalwährun', 'Transaktionskost')", async () => {
    const result = await importFixture('de-transactions.csv');
    expect(result.error).toBeUndefined();
    expect(summary(result)).toEqual({
      stock: [
        { date: '2020-10-26', amount: 30, value: 2921.7, currency: 'EUR', productKey: 'DE0007164600' },
        { date: '2020-12-20', amount: -30, value: -3182.4, currency: 'EUR', productKey: 'DE0007164600' },
      ],
      commission: [
        { date: '2020-10-26', value: 2.53, currency: 'EUR', productKey: 'DE0007164600' },
        { date: '2020-12-20', value: 2.6, currency: 'EUR', productKey: 'DE0007164600' },
      ],
    });
    expect(only(result.products)).toMatchObject({ product: 'SAP SE', venue: 'XET', needsSymbol: true });
    expect(result.counts).toMatchObject({ buys: 1, sells: 1, lines: 2, unrecognised: 0 });
  });

  it('reads the older 19-column layout (a currency after every amount), and semicolons as a spreadsheet saves it', async () => {
    const older =
      'Date,Time,Product,ISIN,Reference,Venue,Quantity,Price,,Local value,,Value,,Exchange rate,Transaction and/or third,,Total,,Order ID\n' +
      '02-01-2025,15:30,QUALCOMM INCORPORATED,US7475251036,NDQ,XNAS,1,"157,6000",USD,"-157,60",USD,"-153,61",EUR,"1,0260","-2,00",EUR,"-155,61",EUR,cb542b5f-d835-48e8-9b7b-3f77f67136f4\n';
    expect(summary(await parseDegiroExport(older))).toEqual({
      stock: [{ date: '2025-01-02', amount: 1, value: 153.61, currency: 'EUR', productKey: 'US7475251036' }],
      commission: [{ date: '2025-01-02', value: 2, currency: 'EUR', productKey: 'US7475251036' }],
    });
    const semicolons = older.replaceAll(',', ';').replaceAll(/"(-?\d+);(\d+)"/g, '"$1,$2"');
    expect(summary(await parseDegiroExport(semicolons))).toEqual(summary(await parseDegiroExport(older)));
  });

  it('converts GBX prices to GBP for the key and keeps the EUR the file states; a sell has a negative quantity', async () => {
    const text = `${CURRENT_HEADERS.es}\n26-05-2025,09:12,KISTOS HOLDINGS PLC,GB00BP7NQJ77,LSE,AIMX,-510,"333,4500",GBX,"170059,50",GBX,"1969,88","86,3297","-4,93","-5,73","1959,22",00000000-0000-4000-8000-000000000001\n`;
    const result = await parseDegiroExport(text);
    expect(summary(result)).toEqual({
      stock: [{ date: '2025-05-26', amount: -510, value: -1964.95, currency: 'EUR', productKey: 'GB00BP7NQJ77' }],
      commission: [{ date: '2025-05-26', value: 5.73, currency: 'EUR', productKey: 'GB00BP7NQJ77' }],
    });
    expect(result.counts.sells).toBe(1);
  });

  it('lists a row it cannot read as unrecognised, with the reason', async () => {
    const text = `${CURRENT_HEADERS.en}\n07-01-2025,09:31,SOME ETF,IE00B5L8K969,XET,XETA,,"213,4500",EUR,"-1921,05",EUR,"-1921,05",,"0,00","-3,00","-1924,05",,b93f\n`;
    const result = await parseDegiroExport(text);
    expect(result.unrecognised).toEqual([
      { line: 2, text: text.split('\n')[1], reason: 'a row without a date or a quantity' },
    ]);
    expect(result.counts.lines).toBe(1);
  });
});

// The same trades in both files: a EUR trade with its costs, a USD trade the account converted (AutoFX),
// and a USD trade paid from a USD balance (Account.csv has no conversion of it: it stays in USD there).
const ACCOUNT = csv([
  row({
    date: '16-09-2025',
    time: '10:02',
    product: 'APPLE INC',
    isin: 'US0378331005',
    description: 'DEGIRO Transactiekosten en/of kosten van derden',
    currency: 'EUR',
    amount: '-2,00',
    orderId: 'c1',
  }),
  row({
    date: '16-09-2025',
    time: '10:02',
    product: 'APPLE INC',
    isin: 'US0378331005',
    description: 'Koop 2 @ 230 USD',
    currency: 'USD',
    amount: '-460,00',
    orderId: 'c1',
  }),
  row({
    date: '15-09-2025',
    time: '19:33',
    description: 'Valuta Creditering',
    currency: 'USD',
    amount: '607,50',
    orderId: 'b2',
  }),
  row({
    date: '15-09-2025',
    time: '19:33',
    description: 'Valuta Debitering',
    fx: '1,1766',
    currency: 'EUR',
    amount: '-517,61',
    orderId: 'b2',
  }),
  row({
    date: '15-09-2025',
    time: '19:33',
    product: 'ADR ON JD.COM INC CLASS A',
    isin: 'US47215P1066',
    description: 'DEGIRO Transactiekosten en/of kosten van derden',
    currency: 'EUR',
    amount: '-2,00',
    orderId: 'b2',
  }),
  row({
    date: '15-09-2025',
    time: '19:33',
    product: 'ADR ON JD.COM INC CLASS A',
    isin: 'US47215P1066',
    description: 'Koop 18 @ 33,75 USD',
    currency: 'USD',
    amount: '-607,50',
    orderId: 'b2',
  }),
  row({
    date: '07-01-2025',
    time: '09:31',
    product: 'ISHARES MSCI EM ASIA UCITS ETF USD (ACC)',
    isin: 'IE00B5L8K969',
    description: 'DEGIRO Transactiekosten en/of kosten van derden',
    currency: 'EUR',
    amount: '-3,00',
    orderId: 'a1',
  }),
  row({
    date: '07-01-2025',
    time: '09:31',
    product: 'ISHARES MSCI EM ASIA UCITS ETF USD (ACC)',
    isin: 'IE00B5L8K969',
    description: 'Koop 9 @ 213,45 EUR',
    currency: 'EUR',
    amount: '-1921,05',
    orderId: 'a1',
  }),
]);
const TRANSACTIONS = `${CURRENT_HEADERS.nl}\n${[
  '16-09-2025,10:02,APPLE INC,US0378331005,NDQ,XNAS,2,"230,0000",USD,"-460,00",USD,"-394,70","1,1654","0,00","-2,00","-396,70",,c1',
  ...CURRENT_ROWS.map((line) =>
    line.replace('fda177bc-4080-4525-862e-f10aadfb4a4f', 'b2').replace('b93f205d-c38b-4a67-adb7-c9aa08626746', 'a1'),
  ),
].join('\n')}\n`;

const TICKERS = { US0378331005: 'AAPL', US47215P1066: 'JD', IE00B5L8K969: 'CEMA.DE' };

async function importInto(set: TransactionSet, text: string): Promise<{ set: TransactionSet; added: number }> {
  const result = mergeImported(set, applyTickers(await parseDegiroExport(text), TICKERS));
  return { set: result.merged, added: result.added };
}

const sorted = (set: TransactionSet): Transaction[] =>
  [...set.stock, ...set.dividend, ...set.commission].sort((a, b) => a.importId!.localeCompare(b.importId!));

describe('Account.csv and Transactions.csv together', () => {
  it('give each trade and its costs the same import id, so that either order gives the same set and nothing twice', async () => {
    const accountFirst = await importInto(emptyTransactionSet(), ACCOUNT);
    const thenTrades = await importInto(accountFirst.set, TRANSACTIONS);
    const tradesFirst = await importInto(emptyTransactionSet(), TRANSACTIONS);
    const thenAccount = await importInto(tradesFirst.set, ACCOUNT);

    expect(accountFirst.added).toBe(6);
    expect(thenTrades.added).toBe(0);
    expect(tradesFirst.added).toBe(6);
    expect(thenAccount.added).toBe(0);
    expect(sorted(thenTrades.set)).toEqual(sorted(thenAccount.set));
    // The trade Account.csv left in USD (paid from a USD balance) is in EUR once Transactions.csv is in, whichever came first.
    expect(
      thenTrades.set.stock.map(({ ticker, amount, value, currency }) => ({ ticker, amount, value, currency })),
    ).toEqual([
      { ticker: 'CEMA.DE', amount: 9, value: 1921.05, currency: 'EUR' },
      { ticker: 'JD', amount: 18, value: 517.61, currency: 'EUR' },
      { ticker: 'AAPL', amount: 2, value: 394.7, currency: 'EUR' },
    ]);
    expect(thenTrades.set.commission.map((t) => t.value)).toEqual([3, 2, 2]);
  });

  it('recognises trades stored under the ids an earlier version gave them: they take the shared id, and Transactions.csv then adds nothing', async () => {
    const parsed = applyTickers(await parseDegiroExport(ACCOUNT), TICKERS);
    // What the earlier version stored: the same transactions under their former ids.
    const former = mergeImported(emptyTransactionSet(), parsed).merged;
    for (const list of [former.stock, former.commission]) {
      for (const t of list) {
        const imported = [...parsed.transactions.stock, ...parsed.transactions.commission].find(
          (each) => each.importId === t.importId,
        )!;
        expect(imported.formerImportId).toMatch(/^degiro:/);
        t.importId = imported.formerImportId!;
      }
    }
    const again = mergeImported(former, parsed);
    expect(again).toMatchObject({ added: 0, alreadyPresent: 6, renamed: 6 });
    const trades = await importInto(again.merged, TRANSACTIONS);
    expect(trades.added).toBe(0);
    expect(trades.set.stock).toHaveLength(3);
    expect(trades.set.commission).toHaveLength(3);
  });

  it("passes each product's exchange to the preview, for the symbol lookup to pick the listing there", async () => {
    const preview = previewOf(await parseDegiroExport(TRANSACTIONS), emptyTransactionSet());
    expect(preview.products.map(({ isin, venue }) => ({ isin, venue }))).toEqual([
      { isin: 'US47215P1066', venue: 'NDQ' },
      { isin: 'US0378331005', venue: 'NDQ' },
      { isin: 'IE00B5L8K969', venue: 'XET' },
    ]);
    const fromAccount = previewOf(await parseDegiroExport(ACCOUNT), emptyTransactionSet());
    expect(fromAccount.products.every((product) => product.venue === undefined)).toBe(true);

    // What the worker asks the symbols service: the exchange goes with the product.
    const session = new ImportSession();
    await session.parse(1, new Blob([TRANSACTIONS]), emptyTransactionSet, () => {});
    expect(session.productsToLookUp(1)).toEqual([
      { isin: 'US47215P1066', name: 'ADR ON JD.COM INC CLASS A', currency: 'USD', venue: 'NDQ' },
      { isin: 'US0378331005', name: 'APPLE INC', currency: 'USD', venue: 'NDQ' },
      { isin: 'IE00B5L8K969', name: 'ISHARES MSCI EM ASIA UCITS ETF USD (ACC)', currency: 'EUR', venue: 'XET' },
    ]);
  });
});
