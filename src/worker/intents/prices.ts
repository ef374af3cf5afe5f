/** Prices and figures: fetch the quotes, derive and recombine the dashboard's figures, one holding's series, the tax report. */
import * as Comlink from 'comlink';
import { refusal, type Outcome } from '../../model/outcome';
import type { ChartedDerivation, ChartedSeries } from '../dashboard-charts';
import type { HoldingSeries } from '../engine';
import type { Credentials } from '../services/http';
import type { QuotesRequest } from '../services/quotes-api';
import type { TaxReport } from '../tax-report-csv';
import { collectTransferables } from '../transferables';
import { packedCopy, workerBuild } from '../held-quotes/figures';
import { settleOwedDerive, symbolsNeeded, timed, type WorkerContext } from './context';
import type { PricesLoaded, Timed } from './contract';
import { refusing } from './refuse';

const NOT_READY = 'The figures are not ready yet: try again once the portfolio has loaded.';

/**
 * What `loadQuotes` is asked for: the symbols and the first day (unix seconds), or null for both: every
 * symbol the set and settings need, from a week before the set's first day, once their loads under way end.
 */
export type PricesRequest =
  (Omit<QuotesRequest, 'rates'> & { symbols: string[] }) | { symbols: null; startSeconds: null; endSeconds: number };

/** A week of margin: the engine wants the last bar on or before the first transaction day. */
const MARGIN_SECONDS = 7 * 86_400;

export function priceIntents(context: WorkerContext) {
  return {
    /**
     * Fetches quotes for `symbols` (null: every symbol the set and settings need once their loads under way
     * end, from their first day: the first load asks at once, beside them), only what is new against those held in IndexedDB, and keeps them. The request names the base
     * currency, so the service adds the exchange rates those quotes turn out to need (a listing in USD or
     * GBp of a ticker bought in EUR): one request brings every price, and the page derives once with them.
     * Answers what it fetched (the rates too) and which symbols are needed now; a rate the service could
     * not price is named among the errors, the quotes are kept.
     */
    async loadQuotes(request: PricesRequest, credentials: Credentials): Promise<PricesLoaded> {
      if (request.symbols === null) {
        // The last visit's request goes again at once (held-quotes/holding.ts): used if the set asks the same.
        context.heldQuotes.startEarly(credentials, request.endSeconds);
        await context.loads;
      }
      const symbols = request.symbols ?? context.engine.symbolsToRequest();
      const firstDate = context.engine.firstTransactionDate();
      const startSeconds =
        request.startSeconds ?? (firstDate === null ? null : Date.parse(firstDate) / 1000 - MARGIN_SECONDS);
      if (symbols.length === 0 || startSeconds === null) return { ...symbolsNeeded(context), errors: {}, fetched: [] };
      const rates = context.engine.baseCurrency();
      const entries = await context.heldQuotes.fetch(credentials, {
        symbols,
        startSeconds,
        endSeconds: request.endSeconds,
        rates,
      });
      context.engine.setQuotes(entries);
      context.figureInputs.quotesTaken(entries);
      const errors: Record<string, string> = {};
      for (const entry of entries) if ('error' in entry) errors[entry.symbol] = entry.error;
      const fetched = [...new Set([...symbols, ...entries.map((entry) => entry.symbol)])];
      return { ...symbolsNeeded(context), errors, fetched };
    },
    /**
     * The figures as of `asOf` for the `active` tickers (null = all) of the view `view` (an account's id;
     * null or absent: every account), with the dashboard's charts of them (dashboard-charts.ts). The first
     * view that holds cash loads the account figures' code (engine/account-math.ts), a chosen benchmark
     * its figures' (engine/benchmark.ts), the first derive the code of what a base change keeps.
     * A load's first derive is kept between visits (held-quotes/figures.ts): the next load whose first
     * derive has the same inputs answers with the held figures, and derives after the answer (the engine
     * and the charts then hold what a derive leaves; every other intent runs that derive first).
     */
    async derive(
      asOf: string,
      active: readonly string[] | null,
      view: string | null = null,
    ): Promise<Timed<ChartedDerivation>> {
      // A load's first derive: the key of its inputs (null: not a first derive, or an input without a name).
      const keyNow = () =>
        context.charts.fresh()
          ? context.figureInputs.keyFor({
              build: workerBuild(),
              set: context.store.heldVersion(),
              base: context.engine.baseCurrency(),
              view,
              active,
              asOf,
            })
          : null;
      const key = keyNow();
      const held = key === null ? null : await context.heldQuotes.heldFigures();
      context.engine.setView(view);
      const needs = { accountMath: context.engine.needsAccountMath(), benchmark: context.engine.needsBenchmark() };
      if (needs.accountMath || needs.benchmark) {
        const [accountMath, benchmark] = await Promise.all([
          needs.accountMath ? import('../engine/account-math') : undefined,
          needs.benchmark ? import('../engine/benchmark') : undefined,
        ]);
        // A sign-out meanwhile gave the context a new engine: the view is set on it again.
        context.engine.setView(view);
        context.engine.use({ accountMath, benchmark });
      }
      // Read after the reads above: a sign-out meanwhile gave the context a new engine and charts, an
      // intent meanwhile (a setting saved) other inputs.
      const { engine, charts } = context;
      const inputsKept = key !== null && keyNow() === key;
      let derived: Timed<ChartedDerivation>;
      if (inputsKept && held?.key === key) {
        derived = timed(() => held.figures);
        context.owedDerive = () => {
          try {
            charts.derived(engine.derive(asOf, active), active);
          } catch {
            // The same inputs derived before; should it throw, intents that need figures say they are not ready.
          }
        };
        setTimeout(() => settleOwedDerive(context), 0);
      } else {
        derived = timed(() => charts.derived(engine.derive(asOf, active), active));
        // Copied before the answer's transfer empties its arrays; written a second after the figures.
        if (inputsKept) {
          const figures = packedCopy(derived.result);
          context.heldQuotes.keepFigures(figures && { key, figures });
        }
      }
      // After the figures (as the held quotes' writes): what a base change keeps (engine/kept-parts.ts).
      context.heldQuotes.derived();
      setTimeout(() => void import('../engine/kept-parts').then((keptParts) => engine.use({ keptParts })), 1_000);
      return derived;
    },
    /** The `active` tickers' series and charts again, after a toggle: the last derive's figures recombined. */
    combine(active: readonly string[]): Timed<ChartedSeries> {
      return timed(() => context.charts.combined(context.engine.combine(active), active));
    },
    /** One holding's price, buys and sells, value and cost basis per day, as of the last derive; its arrays are transferred. */
    async holdingSeries(ticker: string): Promise<Outcome<{ series: HoldingSeries }>> {
      if (context.engine.derivedAsOf() === null) return refusal(0, NOT_READY);
      // Its code (engine/on-demand.ts) with the first ask, out of the first chunk; read after the load: the
      // engine of the context then (a sign-out meanwhile gave it a new one, not derived yet).
      const onDemand = await import('../engine/on-demand');
      const { engine } = context;
      if (engine.derivedAsOf() === null) return refusal(0, NOT_READY);
      engine.use({ onDemand });
      const series = engine.holdingSeries(ticker);
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
        const [{ taxReportCsv }, onDemand] = await Promise.all([
          import('../tax-report-csv'),
          import('../engine/on-demand'),
        ]);
        // Read after the load: the dividends of the last derive by now (none after a sign-out meanwhile).
        const { engine } = context;
        const asOf = engine.derivedAsOf();
        if (asOf === null) return refusal(0, NOT_READY);
        engine.use({ onDemand });
        return {
          ok: true,
          csv: taxReportCsv(engine.dividendRecords(), engine.baseCurrency()),
          fileName: `dividend-tax-${asOf}.csv`,
        };
      });
    },
  };
}
