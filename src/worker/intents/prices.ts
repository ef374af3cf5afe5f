/** Prices and figures: fetch the quotes, derive and recombine the dashboard's figures, one holding's series, the tax report. */
import * as Comlink from 'comlink';
import type { HeldQuoteColumns, QuoteErrorEntry } from '../../model';
import { messageOf } from '../../model/message';
import { refusal, type Outcome } from '../../model/outcome';
import type { ChartedDerivation, ChartedSeries } from '../dashboard-charts';
import type { HoldingSeries } from '../engine';
import type { Credentials } from '../services/http';
import type { QuotesRequest } from '../services/quotes-api';
import type { TaxReport } from '../tax-report-csv';
import { collectTransferables } from '../transferables';
import { symbolsNeeded, timed, type WorkerContext } from './context';
import type { PricesLoaded, Timed } from './contract';
import { refusing } from './refuse';

const NOT_READY = 'The figures are not ready yet: try again once the portfolio has loaded.';

/** Requests one `loadQuotes` makes at most: the symbols asked for, then the rates their quotes need. */
const MAX_QUOTE_ROUNDS = 3;

type Fetched = Array<HeldQuoteColumns | QuoteErrorEntry>;

/** The rates' quotes, or an error entry for each when their request fails. */
async function ratesOrErrors(
  context: WorkerContext,
  credentials: Credentials,
  request: QuotesRequest,
): Promise<Fetched> {
  try {
    return await context.heldQuotes.fetch(credentials, request);
  } catch (error) {
    return request.symbols.map((symbol) => ({ symbol, error: messageOf(error) }));
  }
}

export function priceIntents(context: WorkerContext) {
  return {
    /**
     * Fetches quotes for `symbols` (only what is new against those held in IndexedDB) and keeps them, then the exchange rates those quotes turn out to need (a
     * listing in USD or GBp of a ticker bought in EUR) in the same call, so that the page derives once with
     * every price rather than once per round. Answers what it fetched and which symbols are needed now.
     * A failed request for the symbols asked for fails the call; one for the rates after them only names
     * those rates among the errors, so the prices already fetched are kept and shown.
     */
    async loadQuotes(request: QuotesRequest, credentials: Credentials): Promise<PricesLoaded> {
      const errors: Record<string, string> = {};
      // Needed before the call, or fetched by it: what the quotes add beyond that is what to fetch next.
      const known = new Set([...context.engine.symbolsToRequest(), ...request.symbols]);
      const fetched: string[] = [];
      let symbols = request.symbols;
      // A rate's own quote is in EUR and needs nothing more; the bound only guards against a surprise.
      for (let round = 0; round < MAX_QUOTE_ROUNDS && symbols.length > 0; round += 1) {
        fetched.push(...symbols);
        const entries =
          round === 0
            ? await context.heldQuotes.fetch(credentials, { ...request, symbols })
            : await ratesOrErrors(context, credentials, { ...request, symbols });
        context.engine.setQuotes(entries);
        for (const entry of entries) if ('error' in entry) errors[entry.symbol] = entry.error;
        symbols = context.engine.symbolsToRequest().filter((symbol) => !known.has(symbol));
        for (const symbol of symbols) known.add(symbol);
      }
      return { ...symbolsNeeded(context), errors, fetched };
    },
    /**
     * The figures as of `asOf` for the `active` tickers (null = all) of the view `view` (an account's id;
     * null or absent: every account), with the dashboard's charts of them (dashboard-charts.ts). The first
     * view that holds cash loads the account figures' code (engine/account-math.ts).
     */
    async derive(
      asOf: string,
      active: readonly string[] | null,
      view: string | null = null,
    ): Promise<Timed<ChartedDerivation>> {
      context.engine.setView(view);
      if (context.engine.needsAccountMath()) {
        const math = await import('../engine/account-math');
        // A sign-out meanwhile gave the context a new engine: the view is set on it again.
        context.engine.setView(view);
        context.engine.useAccountMath(math);
      }
      const { engine } = context;
      return timed(() => context.charts.derived(engine.derive(asOf, active), active));
    },
    /** The `active` tickers' series and charts again, after a toggle: the last derive's figures recombined. */
    combine(active: readonly string[]): Timed<ChartedSeries> {
      return timed(() => context.charts.combined(context.engine.combine(active), active));
    },
    /** One holding's price, buys and sells, value and cost basis per day, as of the last derive; its arrays are transferred. */
    holdingSeries(ticker: string): Outcome<{ series: HoldingSeries }> {
      if (context.engine.derivedAsOf() === null) return refusal(0, NOT_READY);
      const series = context.engine.holdingSeries(ticker);
      if (!series)
        return refusal(
          0,
          `${ticker} has no figures to draw: it is not in your transactions, or an exchange rate it needs has no prices yet.`,
        );
      const outcome = { ok: true as const, series };
      return Comlink.transfer(outcome, collectTransferables(series));
    },
    /** The dividend tax report as CSV (tax-report-csv.ts), from the dividends as of the last derive: the page never holds them. */
    async taxReport(): Promise<Outcome<TaxReport>> {
      if (context.engine.derivedAsOf() === null) return refusal(0, NOT_READY);
      return refusing(async () => {
        const { taxReportCsv } = await import('../tax-report-csv');
        // Read after the load: the dividends of the last derive by now (none after a sign-out meanwhile).
        const { engine } = context;
        const asOf = engine.derivedAsOf();
        if (asOf === null) return refusal(0, NOT_READY);
        return {
          ok: true,
          csv: taxReportCsv(engine.dividendRecords(), engine.baseCurrency()),
          fileName: `dividend-tax-${asOf}.csv`,
        };
      });
    },
  };
}
