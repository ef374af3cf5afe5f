/**
 * Yahoo's search answer → listings we can offer, and their ranking for one product.
 * Search results carry no currency: it comes from the exchange (Yahoo's code, else the symbol's suffix).
 */
import { z } from 'zod';
import {
  LISTING_TYPES,
  TICKER_PATTERN,
  type ListingType,
  type SymbolCandidate,
  type SymbolProduct,
} from '../../src/model';

interface Exchange {
  currency: string | null;
  /** One of the main European venues of the ranking rule: Amsterdam, Xetra, Paris, Milan, Brussels, Madrid. */
  mainEuropean?: true;
}

/** Yahoo's exchange codes, with the currency their listings trade in. */
const EXCHANGES: Record<string, Exchange> = {
  AMS: { currency: 'EUR', mainEuropean: true },
  GER: { currency: 'EUR', mainEuropean: true },
  PAR: { currency: 'EUR', mainEuropean: true },
  MIL: { currency: 'EUR', mainEuropean: true },
  BRU: { currency: 'EUR', mainEuropean: true },
  MCE: { currency: 'EUR', mainEuropean: true },
  FRA: { currency: 'EUR' },
  STU: { currency: 'EUR' },
  BER: { currency: 'EUR' },
  DUS: { currency: 'EUR' },
  MUN: { currency: 'EUR' },
  HAM: { currency: 'EUR' },
  HAN: { currency: 'EUR' },
  VIE: { currency: 'EUR' },
  HEL: { currency: 'EUR' },
  LIS: { currency: 'EUR' },
  ISE: { currency: 'EUR' },
  ATH: { currency: 'EUR' },
  LSE: { currency: 'GBP' },
  IOB: { currency: 'USD' },
  NMS: { currency: 'USD' },
  NGM: { currency: 'USD' },
  NCM: { currency: 'USD' },
  NAS: { currency: 'USD' },
  NYQ: { currency: 'USD' },
  NYS: { currency: 'USD' },
  PCX: { currency: 'USD' },
  ASE: { currency: 'USD' },
  BTS: { currency: 'USD' },
  PNK: { currency: 'USD' },
  OQB: { currency: 'USD' },
  OQX: { currency: 'USD' },
  EBS: { currency: 'CHF' },
  VTX: { currency: 'CHF' },
  CPH: { currency: 'DKK' },
  STO: { currency: 'SEK' },
  OSL: { currency: 'NOK' },
  TOR: { currency: 'CAD' },
  VAN: { currency: 'CAD' },
  TYO: { currency: 'JPY' },
  HKG: { currency: 'HKD' },
  ASX: { currency: 'AUD' },
};

/** Symbol suffixes, for exchanges Yahoo names with a code not listed above. */
const SUFFIX_CURRENCY: Record<string, string> = {
  AS: 'EUR',
  DE: 'EUR',
  F: 'EUR',
  PA: 'EUR',
  MI: 'EUR',
  BR: 'EUR',
  MC: 'EUR',
  SG: 'EUR',
  BE: 'EUR',
  DU: 'EUR',
  MU: 'EUR',
  HM: 'EUR',
  HA: 'EUR',
  VI: 'EUR',
  HE: 'EUR',
  LS: 'EUR',
  IR: 'EUR',
  AT: 'EUR',
  L: 'GBP',
  SW: 'CHF',
  CO: 'DKK',
  ST: 'SEK',
  OL: 'NOK',
  TO: 'CAD',
  T: 'JPY',
  HK: 'HKD',
  AX: 'AUD',
};

/**
 * DEGIRO's venue codes (Transactions.csv's `Beurs`/`Venue` column, its MIC-like names) → Yahoo exchange codes.
 * Tradegate and the MTFs DEGIRO routes to have no Yahoo listing of their own: no preference then.
 */
const DEGIRO_VENUES: Record<string, readonly string[]> = {
  EAM: ['AMS'],
  XAMS: ['AMS'],
  XET: ['GER'],
  XETR: ['GER'],
  XETA: ['GER'],
  FRA: ['FRA'],
  XFRA: ['FRA'],
  EPA: ['PAR'],
  XPAR: ['PAR'],
  MIL: ['MIL'],
  XMIL: ['MIL'],
  ETF: ['MIL'],
  EBR: ['BRU'],
  XBRU: ['BRU'],
  MAD: ['MCE'],
  XMAD: ['MCE'],
  BME: ['MCE'],
  LSE: ['LSE', 'IOB'],
  XLON: ['LSE', 'IOB'],
  NDQ: ['NMS', 'NGM', 'NCM', 'NAS'],
  XNAS: ['NMS', 'NGM', 'NCM', 'NAS'],
  NSY: ['NYQ', 'NYS', 'PCX', 'ASE', 'BTS'],
  XNYS: ['NYQ', 'NYS'],
  ARCX: ['PCX'],
  BATS: ['BTS'],
  SWX: ['EBS', 'VTX'],
  XSWX: ['EBS', 'VTX'],
  WSE: ['VIE'],
  XWBO: ['VIE'],
  OMK: ['CPH'],
  XCSE: ['CPH'],
  OMX: ['STO'],
  XSTO: ['STO'],
  OSL: ['OSL'],
  XOSL: ['OSL'],
  HSE: ['HEL'],
  XHEL: ['HEL'],
  ELI: ['LIS'],
  XLIS: ['LIS'],
  ISE: ['ISE'],
  XDUB: ['ISE'],
  TSE: ['TOR'],
  XTSE: ['TOR'],
};

/** The kinds Yahoo names that are kept as they are; any other is `OTHER`. */
const KNOWN_TYPES: ReadonlySet<string> = new Set<string>(LISTING_TYPES);

/** One entry of `quotes` in Yahoo's answer; entries from Crunchbase (`isYahooFinance: false`) have no symbol. */
const searchQuote = z.looseObject({
  symbol: z.string().optional(),
  exchange: z.string().optional(),
  exchDisp: z.string().optional(),
  shortname: z.string().optional(),
  longname: z.string().optional(),
  quoteType: z.string().optional(),
  isYahooFinance: z.boolean().optional(),
});
const searchAnswer = z.looseObject({ quotes: z.array(z.unknown()) });

export type SearchParse = { ok: true; candidates: SymbolCandidate[] } | { ok: false; reason: string };

function currencyOf(exchange: string, symbol: string): string | null {
  const known = EXCHANGES[exchange];
  if (known) return known.currency;
  const dot = symbol.lastIndexOf('.');
  if (dot === -1) return null;
  return SUFFIX_CURRENCY[symbol.slice(dot + 1).toUpperCase()] ?? null;
}

/** The listings of Yahoo's search answer (`{quotes: [...]}`), in Yahoo's order; anything not a Yahoo symbol is left out. */
export function listingsFromSearch(body: unknown): SearchParse {
  const answer = searchAnswer.safeParse(body);
  if (!answer.success) return { ok: false, reason: 'the answer has no list of quotes' };
  const candidates: SymbolCandidate[] = [];
  const seen = new Set<string>();
  for (const entry of answer.data.quotes) {
    const quote = searchQuote.safeParse(entry);
    if (!quote.success || quote.data.isYahooFinance === false) continue;
    const { symbol, exchange = '', exchDisp, shortname, longname, quoteType = '' } = quote.data;
    if (!symbol || !TICKER_PATTERN.test(symbol) || seen.has(symbol.toUpperCase())) continue;
    seen.add(symbol.toUpperCase());
    const type = quoteType.toUpperCase().replace('_', '');
    candidates.push({
      symbol: symbol.toUpperCase(),
      name: (longname ?? shortname ?? symbol).slice(0, 120),
      exchange: exchange.slice(0, 12),
      venue: (exchDisp ?? exchange).slice(0, 40),
      currency: currencyOf(exchange.toUpperCase(), symbol),
      type: (KNOWN_TYPES.has(type) ? type : 'OTHER') as ListingType,
    });
  }
  return { ok: true, candidates };
}

/** A candidate for a symbol that only the shipped table knows (no search answer describes it). */
export function tableCandidate(symbol: string, name: string): SymbolCandidate {
  const dot = symbol.lastIndexOf('.');
  const suffix = dot === -1 ? '' : symbol.slice(dot + 1);
  return {
    symbol,
    name,
    exchange: '',
    venue: suffix ? `.${suffix}` : '',
    currency: currencyOf('', symbol),
    type: 'OTHER',
  };
}

function typeRank(type: ListingType): number {
  if (type === 'ETF' || type === 'EQUITY') return 0;
  if (type === 'OTHER') return 1;
  if (type === 'MUTUALFUND' || type === 'MONEYMARKET') return 2;
  return 3;
}

/**
 * Best first, for this product: a listing on the venue the trade was made (Transactions.csv); then
 * listings in the trade currency; for EUR trades the main European venues (Amsterdam, Xetra, Paris,
 * Milan, Brussels, Madrid) before others; ETFs and equities before funds, options and the rest; then
 * Yahoo's own order. Options and futures are never proposed for an ISIN of a share.
 */
export function rankListings(candidates: readonly SymbolCandidate[], product: SymbolProduct): SymbolCandidate[] {
  const venues = product.venue ? DEGIRO_VENUES[product.venue.toUpperCase()] : undefined;
  const currency = product.currency?.toUpperCase();
  const key = (candidate: SymbolCandidate, index: number): number[] => [
    venues?.includes(candidate.exchange.toUpperCase()) ? 0 : 1,
    currency && candidate.currency === currency ? 0 : 1,
    currency === 'EUR' && EXCHANGES[candidate.exchange.toUpperCase()]?.mainEuropean ? 0 : 1,
    typeRank(candidate.type),
    index,
  ];
  const keyed = candidates.map((candidate, index) => ({ candidate, key: key(candidate, index) }));
  keyed.sort((a, b) => {
    for (let i = 0; i < a.key.length; i++) if (a.key[i] !== b.key[i]) return a.key[i]! - b.key[i]!;
    return 0;
  });
  return keyed.map((entry) => entry.candidate);
}

/** Whether a listing may be proposed without the user's word: not an option, future, currency or index. */
export function isProposable(candidate: SymbolCandidate): boolean {
  return typeRank(candidate.type) < 3;
}
