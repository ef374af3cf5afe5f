/**
 * A synthetic DEGIRO Account.csv of any size, deterministic from a seed, with the mix of a real account:
 * buys and sells with fees, USD dividends with withholding tax and their conversion to EUR the next day,
 * deposits, cash sweeps, connection fees, interest. It knows what it wrote, so tests can assert counts.
 */
import type { CashKind } from '#src/model/cash';

export interface GeneratedExport {
  text: string;
  /** What a correct import of `text` yields. */
  expected: {
    buys: number;
    sells: number;
    dividends: number;
    commissions: number;
    cash: Record<CashKind, number>;
    skippedLines: number;
    dataLines: number;
  };
  /** Data rows, newest first, without the header. */
  rows: string[];
}

export type NumberStyle = 'nl' | 'en';

export const HEADER_NL = 'Datum,Tijd,Valutadatum,Product,ISIN,Omschrijving,FX,Mutatie,,Saldo,,Order Id';
export const HEADER_EN = 'Date,Time,Value date,Product,ISIN,Description,FX,Change,,Balance,,Order Id';

const PRODUCTS: ReadonlyArray<readonly [name: string, isin: string, price: number]> = [
  ['VANGUARD FTSE ALL-WORLD UCITS ETF', 'IE00B3RBWM25', 112.4],
  ['ISHARES CORE MSCI WORLD UCITS ETF', 'IE00B4L5Y983', 76.5],
  ['VANGUARD S&P500', 'IE00B3XXRP09', 81.2],
  ['ASML HOLDING', 'NL0010273215', 612.3],
];
const US_PAYERS: ReadonlyArray<readonly [name: string, isin: string]> = [
  ['COCA-COLA COMPANY (THE', 'US1912161007'],
  ['REALTY INCOME CORP', 'US7561091049'],
  ['APPLE INC', 'US0378331005'],
];

function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function dateOf(epochDay: number): string {
  const d = new Date(epochDay * 86_400_000);
  return `${String(d.getUTCDate()).padStart(2, '0')}-${String(d.getUTCMonth() + 1).padStart(2, '0')}-${d.getUTCFullYear()}`;
}

function money(value: number, style: NumberStyle): string {
  const fixed = value.toFixed(2);
  return style === 'nl' ? `"${fixed.replace('.', ',')}"` : fixed;
}

function uuid(random: () => number): string {
  const hex = () =>
    Math.floor(random() * 0x10000)
      .toString(16)
      .padStart(4, '0');
  return `${hex()}${hex()}-${hex()}-${hex()}-${hex()}-${hex()}${hex()}${hex()}`;
}

/**
 * At least `minRows` data rows (a dividend's conversion is never cut off), from 2000-01-03 onwards,
 * newest first, with as many events a day as fit the rows in about 25 years. `style` picks the Dutch (quoted decimal commas) or English (decimal dots) format.
 */
export function generateExport(minRows: number, seed = 1, style: NumberStyle = 'nl'): GeneratedExport {
  const random = mulberry32(seed);
  const chronological: string[][] = [];
  const expected = {
    buys: 0,
    sells: 0,
    dividends: 0,
    commissions: 0,
    cash: { deposit: 0, withdrawal: 0, interest: 0, fee: 0, conversion: 0 },
    skippedLines: 0,
    dataLines: 0,
  };
  let rowCount = 0;
  let balance = 1000;
  const row = (
    day: number,
    time: string,
    product: string,
    isin: string,
    description: string,
    fx: string,
    currency: string,
    amount: number,
    orderId = '',
  ) => {
    balance += currency === 'EUR' ? amount : 0;
    const desc = description.includes(',') ? `"${description}"` : description;
    return `${dateOf(day)},${time},${dateOf(day)},${product},${isin},${desc},${fx},${currency},${money(amount, style)},${currency},${money(balance, style)},${orderId}`;
  };
  let nextMorning: string[] = [];
  // Busy enough days that any size fits in about 25 years from 2000 (transactions are kept for 1900–2100).
  const eventsPerDay = Math.max(2, Math.min(100, Math.ceil(minRows / 9000 / 2.5)));
  for (let day = 10_959; rowCount < minRows || nextMorning.length > 0; day += 1) {
    const events: string[][] = [];
    const conversions: string[][] = [];
    const eventCount = rowCount < minRows ? 1 + Math.floor(random() * eventsPerDay) : 0;
    const payersToday = new Set<number>();
    for (let e = 0; e < eventCount; e++) {
      const eventRows: string[] = [];
      let kind = random();
      const minute = 9 * 60 + e * 8 + Math.floor(random() * 6);
      const time = `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;
      // One payment per product a day: two would be one dividend (netted per product, currency and day).
      if (kind >= 0.45 && kind < 0.7 && payersToday.size === US_PAYERS.length) kind = 0.75;
      if (kind < 0.45) {
        const [name, isin, price] = PRODUCTS[Math.floor(random() * PRODUCTS.length)]!;
        const shares = 1 + Math.floor(random() * 40);
        const sell = random() < 0.25;
        const unit = Math.round(price * (0.8 + random() * 0.4) * 100) / 100;
        const value = Math.round(shares * unit * 100) / 100;
        const orderId = uuid(random);
        const unitText = style === 'nl' ? unit.toFixed(2).replace('.', ',') : unit.toFixed(2);
        const verb = style === 'nl' ? (sell ? 'Verkoop' : 'Koop') : sell ? 'Sell' : 'Buy';
        const fee =
          style === 'nl'
            ? 'DEGIRO Transactiekosten en/of kosten van derden'
            : 'DEGIRO Transaction and/or third party fees';
        eventRows.push(row(day, time, name, isin, fee, '', 'EUR', -2, orderId));
        eventRows.push(
          row(day, time, name, isin, `${verb} ${shares} @ ${unitText} EUR`, '', 'EUR', sell ? value : -value, orderId),
        );
        if (sell) expected.sells += 1;
        else expected.buys += 1;
        expected.commissions += 1;
      } else if (kind < 0.7) {
        let payer = Math.floor(random() * US_PAYERS.length);
        while (payersToday.has(payer)) payer = (payer + 1) % US_PAYERS.length;
        payersToday.add(payer);
        const [name, isin] = US_PAYERS[payer]!;
        const gross = Math.round((1 + random() * 60) * 100) / 100;
        const tax = Math.round(gross * 0.15 * 100) / 100;
        const net = Math.round((gross - tax) * 100) / 100;
        const rate = 1.05 + Math.round(random() * 1000) / 10_000;
        const eur = Math.round((net / rate) * 100) / 100;
        const rateText = style === 'nl' ? `"${rate.toFixed(4).replace('.', ',')}"` : rate.toFixed(4);
        eventRows.push(
          row(day, `07:0${payer}`, name, isin, style === 'nl' ? 'Dividendbelasting' : 'Dividend Tax', '', 'USD', -tax),
        );
        eventRows.push(row(day, `07:0${payer}`, name, isin, 'Dividend', '', 'USD', gross));
        // DEGIRO converts the dividend to EUR the next morning.
        conversions.push([
          row(day + 1, `06:3${payer}`, '', '', style === 'nl' ? 'Valuta Creditering' : 'FX Credit', '', 'EUR', eur),
          row(
            day + 1,
            `06:3${payer}`,
            '',
            '',
            style === 'nl' ? 'Valuta Debitering' : 'FX Debit',
            rateText,
            'USD',
            -net,
          ),
        ]);
        expected.dividends += 1;
      } else if (kind < 0.82) {
        eventRows.push(row(day, time, '', '', style === 'nl' ? 'iDEAL storting' : 'iDEAL Deposit', '', 'EUR', 500));
        expected.cash.deposit += 1;
      } else if (kind < 0.92) {
        eventRows.push(
          row(day, time, 'FLATEX EURO BANKACCOUNT', 'NLFLATEXACNT', 'Degiro Cash Sweep Transfer', '', 'EUR', -25),
        );
        expected.skippedLines += 1;
      } else if (kind < 0.97) {
        eventRows.push(
          row(
            day,
            time,
            '',
            '',
            style === 'nl' ? 'DEGIRO Aansluitingskosten 2024 (Xetra - XET)' : 'Giro Exchange Connection Fee 2024',
            '',
            'EUR',
            -2.5,
          ),
        );
        expected.cash.fee += 1;
      } else {
        eventRows.push(row(day, time, '', '', 'Flatex Interest', '', 'EUR', -0.41));
        expected.cash.interest += 1;
      }
      events.push(eventRows);
    }
    // Newest first: the day's later events, then its earlier ones, then the morning's conversions.
    const dayRows = [...events.reverse().flat(), ...nextMorning];
    nextMorning = conversions.reverse().flat();
    chronological.push(dayRows);
    rowCount += dayRows.length;
  }
  const rows = chronological.reverse().flat();
  expected.dataLines = rows.length;
  const header = style === 'nl' ? HEADER_NL : HEADER_EN;
  return { text: `${header}\n${rows.join('\n')}\n`, expected, rows };
}
