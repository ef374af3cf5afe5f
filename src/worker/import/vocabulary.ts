/**
 * DEGIRO's description wording in the languages of its exports (NL, EN, DE, FR, ES, PT, IT, CZ, PL),
 * matched on folded text (lowercase, no accents). Sources: real exports (the fixtures), the German
 * statement wording, and the vocabulary of other open-source DEGIRO importers.
 */

const BUY_VERBS = ['koop', 'buy', 'achat', 'compra', 'kauf', 'acquisto', 'nakup', 'kupno'];
const SELL_VERBS = ['verkoop', 'sell', 'vente', 'venta', 'verkauf', 'venda', 'vendita', 'prodej', 'sprzedaz'];
export const SELL_VERB_SET: ReadonlySet<string> = new Set(SELL_VERBS);

/**
 * A trade: `Koop 15 @ 76,50 EUR`, `Compra 6 ISHARES…@49,785 EUR (IE…)`, `Kauf 300 zu je 1,78 EUR`, optionally
 * behind a corporate-action prefix (`PRODUCTWIJZIGING : Koop …`, `STOCK DIVIDEND: Koop …`). Groups: prefix,
 * verb, quantity (digit groups may be separated by spaces: `1 046,3825`).
 */
export const TRADE = new RegExp(
  `^(?:([^:]{1,60}?) ?: ?)?(${[...BUY_VERBS, ...SELL_VERBS].join('|')}) (\\d{1,3}(?:[ '\u2019]\\d{3})+(?:[.,]\\d+)?(?![\\d.,])|\\d[\\d.,]*)`,
);

/**
 * A buy or sell verb without the share count after it (`Koop`, `Verkoop @ 12,50 EUR`, `STOCK DIVIDEND: Koop`):
 * a trade whose shares cannot be read. Tested after {@link TRADE}. Group: the verb.
 */
export const TRADE_WITHOUT_SHARES = new RegExp(
  `^(?:[^:]{1,60}?) ?: ?(${[...BUY_VERBS, ...SELL_VERBS].join('|')})\\b(?! ?\\d)|^(${[...BUY_VERBS, ...SELL_VERBS].join('|')})\\b(?! ?\\d)`,
);

/** A plain trade, on the description as written (no prefix): the common case, tested before folding. */
export const PLAIN_TRADE = new RegExp(
  `^(${[...BUY_VERBS, ...SELL_VERBS].join('|')}) (\\d{1,3}(?:[ '\u2019]\\d{3})+(?:[.,]\\d+)?(?![\\d.,])|\\d[\\d.,]*)`,
  'i',
);

/**
 * Split bookings without a buy or sell verb (`Stock split 4 for 1`, `Ajustement fractionnement: …`,
 * `Aandelensplitsing`): skipped like the prefixed ones, since the engine splits with the market data.
 */
export const SPLIT_BOOKING =
  /\b(stock|share|reverse) ?split\b|^split\b|aandelensplitsing|\bsplitsing\b|fractionnement|desdoblamiento|frazionamento|aktiensplit|\bsplit (\d|van|de|of)/;

/** Corporate-action prefixes whose bookings are share splits: the engine applies splits from market data. */
export const SPLIT_PREFIX =
  /split|splitsing|fractionnement|desdoblamiento|frazionamento|consolidat|samenvoeging|zusammenlegung/;

export const MONEY_MARKET =
  /geldmarktfonds|fonds? monetaires?|money ?market|mercado monetario|mercato monetario|geldmarkt/;
/** DEGIRO's cash funds (`MORGAN STANLEY EUR LIQUIDITY FUND`, `EUR CASH FUND FUNDSHARE`). */
export const MONEY_MARKET_PRODUCT = /liquidity fund|cash fund|money ?market fund|geldmarktfonds/;

export const CASH_SWEEP =
  /cash ?sweep|geldrekening|flatexdegiro bank|cash account|compte especes|cuenta de efectivo|conta de dinheiro|geldkonto/;
export const CASH_SWEEP_PRODUCT = /bank ?account/;
export const CASH_SWEEP_ISIN = 'NLFLATEXACNT';

/** One side of a currency conversion (`Valuta Creditering`, `FX Debit`, `Retirada Cambio de Divisa`, `Währungswechsel`…). */
export const FX_LEG =
  /valuta ?(creditering|debitering)|\bfx (credit|debit)\b|\b(credito|prelievo|debito) fx\b|cambio de divisa|\b(credito|debito|levantamento) de divisa|wahrungswechsel|operation de change|conversion de devises|konverze meny/;

export const RESERVATION = /\breserv(ation|ering|ierung|a|e)\b/;

export const DIVIDEND_TAX =
  /dividendbelasting|dividend ?tax|dividendensteuer|impots? sur (les )?dividendes?|retencion (del |de )?dividendo|ritenuta (sul |su )?dividend|imposto sobre (o |os )?dividendo|retencao|dan z dividend|podatek od dywidend|withholding|bronbelasting|quellensteuer|kapitalertragsteuer|solidaritatszuschlag|kirchensteuer/;

/** ADR/GDR depositary fees, deducted from the dividend they come with. */
export const ADR_FEE = /adr ?\/ ?gdr/;

/** Interest paid or received with a bond trade: part of the trade's cash. */
export const ACCRUED_INTEREST =
  /meegekochte rente|verkochte rente|opgelopen rente|accrued interest|interets courus|stuckzinsen|interes(es)? (corrido|devengado)s?|juros corridos|rateo/;

/**
 * Cash for the fraction of a stock dividend that could not be paid in shares (`Verrekening van Aandelen`,
 * on the product's `NON TRADEABLE` line): dividend income of the company.
 */
export const FRACTION_CASH =
  /verrekening van aandelen|cash in lieu|fractional (share )?(cash|compensation|payment)|compensation (for|of) fractions?|rompus|indemnisation (des )?rompus/;

export const DIVIDEND =
  /\b(dividend|dividende|dividendo|dividendos|dividenda|dywidenda)\b|fondsuitkering|fondsausschuttung|ertragsausschuttung|kapitaalsuitkering|capital return|return of capital|kapitalruckzahlung|rendimiento de capital|remboursement de capital|restituicao de capital|rimborso di capitale|\bcoupon\b|\bkupon\b/;

export const INTEREST =
  /\brente\b|\binterest\b|\bzinsen\b|\binterets?\b|\bintereses\b|\binteres\b|\binteresse\b|\bjuros\b|\burok\b|odsetki/;

/** Promotions, courtesy payments, refunds: commissions with a negative value. */
export const PROMOTION =
  /promotie|promotion|promocion|promocao|promozione|\baktion\b|courtesy|coulance|kulanz|gutschrift|rabatt|cashback|welkomst|vergoeding|compensat|erstattung|reembolso|rimborso|refund|korting|terugbetaling|remboursement/;

export const FEE =
  /kosten|\bfees?\b|frais|gebuhr|comision|comisiones|comissao|comissoes|commission|costi|costes|\bcustos?\b|poplatek|oplata|stamp ?duty|zegelrecht|transactiebelasting|transaction tax|\btaxes?\b|\btaxe\b|belasting|steuer|impuesto|imposto|imposta|tassa|aansluiting|connection|connectivit|connessione|verbindung|handelsmodalitaten|^einrichtung von|corporate action|autofx|abonnement|subscription|realtime/;

export const WITHDRAWAL =
  /withdrawal|terugstorting|opname|auszahlung|retrait|retirada|levantamento|prelievo|ritiro|\bvyber\b|wyplata|overboeking naar|transfer to/;

export const DEPOSIT =
  /deposit|storting|einzahlung|versement|\bdepot\b|deposito|ingreso|vklad|wplata|\bideal\b|sofort|bancontact|giropay|trustly|overboeking van|overschrijving|uberweisung|transfer from/;
