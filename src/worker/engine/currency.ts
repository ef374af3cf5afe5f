/** The exchange-rate symbols and minor units, shared with the quotes service: `src/model/exchange-rates.ts`. */
export { DEFAULT_BASE_CURRENCY, fxSymbolFor, majorCurrency, unitsPerMajor } from '../../model/exchange-rates';
