/** Descriptions in the languages of DEGIRO's exports, each classified as what it is. */
import { describe, expect, it } from 'vitest';
import { classifyFolded, type Classification } from '#src/worker/import/classify';
import { foldText, repairMojibake } from '#src/worker/import/text';

const classify = (description: string): Classification => classifyFolded(foldText(repairMojibake(description)));
const kindOf = (description: string) => {
  const c = classify(description);
  return c.kind === 'skip' ? `skip: ${c.skipReason}` : c.kind === 'cash' ? `cash: ${c.cashKind}` : c.kind;
};

describe('description vocabulary', () => {
  it.each([
    ['Koop 15 @ 76,50 EUR', false, '15'],
    ['Buy 10 Apple Inc@150.5 USD (US0378331005)', false, '10'],
    ['Achat 6 QT GROUP OYJ@79,96 EUR (FI4000198031)', false, '6'],
    ['Compra 6 ISHARES MSCI WOR A@49,785 EUR (IE00B4L5Y983)', false, '6'],
    ['Kauf 300 zu je 1,78 EUR', false, '300'],
    ['Acquisto 3 ENEL@6,1 EUR (IT0003128367)', false, '3'],
    ['Verkoop 7 @ 112,40 EUR', true, '7'],
    ['Sell 4 AVIVA@496 GBX (GB00BPQY8M80)', true, '4'],
    ['Vente 1 046,3825 @ 0,9854 EUR', true, '1 046,3825'],
    ['Venta 2 TELEFONICA@3,9 EUR (ES0178430E18)', true, '2'],
    ['Verkauf 600 zu je 0,81 EUR', true, '600'],
    ['Venda 1 APPLE INC@180 USD (US0378331005)', true, '1'],
    ['Vendita 5 ENI@14 EUR (IT0003132476)', true, '5'],
  ])('"%s" is a trade (sell: %s) of %s shares', (description, sell, quantityText) => {
    expect(classify(description)).toEqual({ kind: 'trade', sell, quantityText });
  });

  it.each([
    ['DEGIRO Transactiekosten en/of kosten van derden', 'fee'],
    ['DEGIRO Transaction and/or third party fees', 'fee'],
    ['Frais DEGIRO de courtage et/ou de parties tierces', 'fee'],
    ['Comissões de transação DEGIRO e/ou taxas de terceiros', 'fee'],
    ['Costes de transacción y/o externos de DEGIRO', 'fee'],
    ['DEGIRO Transaktionsgebühren und/oder Gebühren Dritter', 'fee'],
    ['Transaktionsgebühr', 'fee'],
    ['Transactiebelasting', 'fee'],
    ['Spanish Transaction Tax', 'fee'],
    ['Taxe sur les transactions financières', 'fee'],
    ['London/Dublin Stamp Duty', 'fee'],
    ['DEGIRO Aansluitingskosten 2024 (Xetra - XET)', 'fee'],
    ['Giro Exchange Connection Fee 2024', 'fee'],
    ['DEGIRO Costi di connessione 2021 (Xetra - XET)', 'fee'],
    ['Einrichtung von Handelsmodalitäten 2019 (NASDAQ - NDQ)', 'fee'],
    ['DEGIRO Corporate Action Kosten', 'fee'],
    ['DEGIRO Verrekening Promotie', 'fee'],
    ['DEGIRO courtesy', 'fee'],
    ['Rabatt für 500 Euro Aktion', 'fee'],
    ['Dividend', 'dividend'],
    ['Dividende', 'dividend'],
    ['Dividendo', 'dividend'],
    ['Fondsuitkering', 'dividend'],
    ['Fondsausschüttung', 'dividend'],
    ['Capital Return', 'dividend'],
    ['Dividendbelasting', 'dividend-tax'],
    ['Dividend Tax', 'dividend-tax'],
    ['Impôts sur dividende', 'dividend-tax'],
    ['ImpÃ´ts sur dividende', 'dividend-tax'],
    ['Retención del dividendo', 'dividend-tax'],
    ['Dividendensteuer', 'dividend-tax'],
    ['Ritenuta sul dividendo', 'dividend-tax'],
    ['ADR/GDR Pass-Through Fee', 'adr-fee'],
    ['ADR/GDR Weitergabegebühr', 'adr-fee'],
    ['Valuta Creditering', 'fx'],
    ['Valuta Debitering', 'fx'],
    ['FX Credit', 'fx'],
    ['FX Debit', 'fx'],
    ['Ingreso Cambio de Divisa', 'fx'],
    ['Retirada Cambio de Divisa', 'fx'],
    ['Crédito de divisa', 'fx'],
    ['CrÃ©dito de divisa', 'fx'],
    ['Levantamento de divisa', 'fx'],
    ['Währungswechsel (Ausbuchung)', 'fx'],
    ['Opération de change - Crédit', 'fx'],
    ['Credito FX', 'fx'],
    ['Prelievo FX', 'fx'],
    ['Meegekochte Rente', 'accrued-interest'],
    ['iDEAL storting', 'cash: deposit'],
    ['flatex Storting', 'cash: deposit'],
    ['iDEAL Deposit', 'cash: deposit'],
    ['Einzahlung', 'cash: deposit'],
    ['SOFORT Einzahlung', 'cash: deposit'],
    ['Ingreso', 'cash: deposit'],
    ['Versement de fonds', 'cash: deposit'],
    ['Depósito', 'cash: deposit'],
    ['Processed Flatex Withdrawal', 'cash: withdrawal'],
    ['flatex terugstorting', 'cash: withdrawal'],
    ['Auszahlung', 'cash: withdrawal'],
    ['Prelievo flatex', 'cash: withdrawal'],
    ['Degiro Cash Sweep Transfer', 'skip: cash sweep'],
    ['Overboeking van uw geldrekening bij flatexDEGIRO Bank 26,45 EUR', 'skip: cash sweep'],
    ['Overboeking naar uw geldrekening bij flatexDEGIRO Bank: 0,92 EUR', 'skip: cash sweep'],
    ['Variation Fonds Monétaires (EUR)', 'skip: money-market fund'],
    ['Conversion Fonds Monétaires finalisée: Vente 1 046,3825 @ 0,9854 EUR', 'skip: money-market fund'],
    ['Geldmarktfonds Omzetting: Koop 12,3 @ 1 EUR', 'skip: money-market fund'],
    ['Flatex Interest', 'cash: interest'],
    ['Flatex Interest Income', 'cash: interest'],
    ['Zinsen', 'cash: interest'],
    ['Interest', 'cash: interest'],
    ['Reservation iDEAL / Sofort Deposit', 'skip: reservation'],
    ['SPLITSING: Koop 20 @ 50 EUR', 'skip: share split'],
    ['Something DEGIRO never wrote', 'unknown'],
  ])('"%s" is %s', (description, expected) => {
    expect(kindOf(description)).toBe(expected);
  });

  it('keeps the corporate-action prefix of a trade: product changes and stock dividends are trades', () => {
    expect(classify('PRODUCTWIJZIGING : Koop 500 @ 0,039 EUR')).toEqual({
      kind: 'trade',
      sell: false,
      quantityText: '500',
      corporateAction: 'productwijziging',
    });
    expect(classify('STOCK DIVIDEND: Koop 999 @ 0 EUR')).toEqual({
      kind: 'trade',
      sell: false,
      quantityText: '999',
      corporateAction: 'stock dividend',
    });
  });
});
