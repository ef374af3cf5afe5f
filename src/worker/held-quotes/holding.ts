/**
 * The worker's quotes between visits: before asking for a symbol's series it reads what IndexedDB holds
 * for the signed-in user (`store.ts`), names those series' validators in the request, merges the answer
 * (`merge.ts`: nothing new, a tail, or the whole series) and stores what changed, in the background. The
 * transaction set's last answer is held the same way (`heldSet`: read before the set is asked for, kept
 * after each answer that came whole). A sign-out or an account deletion (`forget`) closes the store,
 * waits for its writes and deletes it.
 */
import { fxSymbolFor } from '../../model/exchange-rates';
import type { HeldQuoteColumns, QuoteErrorEntry } from '../../model/quotes';
import type { Credentials, HeldAnswer } from '../services/http';
import type { HeldSet } from '../services/transactions-api';
import { requestQuoteUpdates, type QuotesRequest } from '../services/quotes-api';
import { mergeAnswer } from './merge';
import { forgetAllHeldQuotes, openHeldQuotes, subjectOf, type HeldQuotes } from './store';

/** The rates into `request.rates` that the held series' currencies need and the request does not name. */
function ratesOf(held: ReadonlyMap<string, HeldQuoteColumns>, request: QuotesRequest): string[] {
  const asked = new Set(request.symbols);
  const rates = new Set<string>();
  for (const series of held.values()) {
    const rate = series.meta.currency ? fxSymbolFor(series.meta.currency, request.rates!) : null;
    if (rate !== null && !asked.has(rate)) rates.add(rate);
  }
  return [...rates];
}

/** How long after an answer its series are written: the page's derive and first paint come first. */
export const WRITE_AFTER_MS = 1_000;

export class QuoteHolding {
  private user: string | null = null;
  private opened: Promise<HeldQuotes | null> = Promise.resolve(null);
  private writes: Promise<void> = Promise.resolve();
  /** A forget increments it: a load that began before does not open or write the store again. */
  private generation = 0;
  /** A read of held series begun before they were asked for (`readAhead`). */
  private ahead: {
    user: string | null;
    symbols: ReadonlySet<string>;
    read: Promise<Map<string, HeldQuoteColumns>>;
  } | null = null;
  /** The pauses before writes still waiting: a forget ends them. */
  private readonly stops = new Set<() => void>();

  /** The store of the user `credentials` name, opened once per user. */
  private storeFor(credentials: Credentials): Promise<HeldQuotes | null> {
    const user = subjectOf(credentials.idToken);
    if (user !== this.user) {
      const previous = this.opened;
      this.user = user;
      this.opened = previous.then((store) => {
        store?.close();
        return user === null ? null : openHeldQuotes(user);
      });
    }
    return this.opened;
  }

  /** The series of `request.symbols` (or their errors), asking only for what the held ones lack. */
  async fetch(credentials: Credentials, request: QuotesRequest): Promise<Array<HeldQuoteColumns | QuoteErrorEntry>> {
    const generation = this.generation;
    const store = await this.storeFor(credentials);
    const held = store && generation === this.generation ? await this.heldOf(store, request.symbols) : new Map();
    // The rates the held series' currencies need come with the answer (`rates`): the held ones are named too.
    if (store && request.rates)
      for (const [symbol, series] of await this.heldOf(store, ratesOf(held, request))) held.set(symbol, series);
    const validators = new Map([...held].map(([symbol, series]) => [symbol, series.validator]));
    const answers = await requestQuoteUpdates(credentials, request, validators);
    const merged = answers.map((answer) => mergeAnswer(held.get(answer.symbol), answer));
    const changed = merged.flatMap((one) => (one.store ? [one.store] : []));
    if (store && changed.length > 0 && generation === this.generation) {
      // After the figures: the derive that follows this answer need not share the worker (the records'
      // copy) or the machine (the disk) with the write. A failed write only costs the next visit bytes.
      this.writes = this.writes
        .then(() => this.pause(WRITE_AFTER_MS))
        .then(() => (generation === this.generation ? store.write(changed) : undefined))
        .catch(() => undefined);
    }
    return merged.map((one) => one.entry);
  }

  /**
   * Starts reading the held series of `symbols` while the page takes the set (the next `fetch` of them
   * uses what was read): the read costs no request, and on a second visit it is most of the wait before
   * the quotes are asked for.
   */
  readAhead(credentials: Credentials, symbols: readonly string[]): void {
    const generation = this.generation;
    const read = this.storeFor(credentials).then((store) =>
      store && generation === this.generation ? store.read(symbols) : new Map<string, HeldQuoteColumns>(),
    );
    this.ahead = { user: this.user, symbols: new Set(symbols), read: read.catch(() => new Map()) };
  }

  /** The held series of `symbols`: those read ahead, and the others read now. */
  private async heldOf(store: HeldQuotes, symbols: readonly string[]): Promise<Map<string, HeldQuoteColumns>> {
    // Only this user's read: a store opened for another is another's series.
    const ahead = this.ahead?.user === this.user ? this.ahead : null;
    this.ahead = null;
    const rest = ahead ? symbols.filter((symbol) => !ahead.symbols.has(symbol)) : symbols;
    const [early, late] = await Promise.all([ahead?.read ?? new Map<string, HeldQuoteColumns>(), store.read(rest)]);
    const held = new Map<string, HeldQuoteColumns>();
    for (const symbol of symbols) {
      const series = early.get(symbol) ?? late.get(symbol);
      if (series) held.set(symbol, series);
    }
    return held;
  }

  /** The transaction set's held answer for the user `credentials` name: read, and kept after an answer. */
  heldSet(credentials: Credentials): HeldSet {
    return {
      read: async () => {
        const generation = this.generation;
        const store = await this.storeFor(credentials);
        return store && generation === this.generation ? store.readSet() : null;
      },
      keep: (answer: HeldAnswer) => {
        const generation = this.generation;
        const opened = this.storeFor(credentials);
        // In turn with the quotes' writes, after the figures (as theirs); the newest answer is written last.
        this.writes = this.writes
          .then(() => this.pause(WRITE_AFTER_MS))
          .then(() => opened)
          .then((store) => (store && generation === this.generation ? store.writeSet(answer) : undefined))
          .catch(() => undefined);
      },
    };
  }

  /** Waits `ms`, or less when a forget comes first (the write after it is then skipped). */
  private pause(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const stop = () => {
        clearTimeout(timer);
        this.stops.delete(stop);
        resolve();
      };
      const timer = setTimeout(stop, ms);
      this.stops.add(stop);
    });
  }

  /** Forgets every held series of this browser: after a sign-out or an account deletion. */
  async forget(): Promise<void> {
    this.generation += 1;
    this.ahead = null;
    for (const stop of [...this.stops]) stop();
    const user = this.user;
    const opened = this.opened;
    this.user = null;
    this.opened = Promise.resolve(null);
    (await opened)?.close();
    await this.writes;
    await forgetAllHeldQuotes(user);
  }
}
