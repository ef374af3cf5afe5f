/**
 * The browser benchmark's view into the app, loaded only when the page address carries `?bench`
 * (bench/browser): a performance mark each time the portfolio's data reaches the main thread, with the
 * worker's compute time, and a timed round trip to the worker. Production loads never fetch this chunk.
 */
import type { AppActorRef } from '../../machines/app-machine';
import type { PortfolioActorRef } from '../../machines/portfolio-machine';
import type { localToday } from '../../machines/services/clock';
import type { getWorker } from '../../machines/services/worker-client';

/** Set each time a new derivation (or recombination) is in the portfolio's context. */
export const PORTFOLIO_DATA_MARK = 'portfolio-data';

export interface PortfolioDataDetail {
  /** ms the worker spent computing it, as the portfolio machine keeps it. */
  computeMs: number | null;
  /** Still without prices (the first derivation of a load). */
  pricesLoading: boolean;
}

export interface TimedRoundTrip {
  /** ms inside the worker. */
  computeMs: number;
  /** ms from the call on the main thread to its result there: compute plus both messages. */
  roundTripMs: number;
}

export interface BenchApi {
  /** Derives again for the active tickers, as the app does on load, and times the round trip. */
  timedDerive(): Promise<TimedRoundTrip>;
}

/** The app's own worker and clock, passed in: a module this chunk imported would be split out of the entry chunk. */
export interface ProbeServices {
  getWorker: typeof getWorker;
  localToday: typeof localToday;
}

export function installBenchProbe(app: AppActorRef, { getWorker, localToday }: ProbeServices): void {
  const portfolio = app.system.get('portfolio') as PortfolioActorRef;
  let last = portfolio.getSnapshot().context.derivation;
  portfolio.subscribe((snapshot) => {
    const { derivation, computeMs } = snapshot.context;
    if (derivation === last) return;
    last = derivation;
    if (!derivation) return;
    const detail: PortfolioDataDetail = { computeMs, pricesLoading: snapshot.hasTag('pricesLoading') };
    performance.mark(PORTFOLIO_DATA_MARK, { detail });
  });

  const api: BenchApi = {
    async timedDerive() {
      const started = performance.now();
      const { computeMs } = await getWorker().derive(localToday(), portfolio.getSnapshot().context.active);
      return { computeMs, roundTripMs: performance.now() - started };
    },
  };
  Object.defineProperty(window, '__itBench', { value: api });
}
