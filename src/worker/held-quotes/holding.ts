/**
 * The worker's quotes between visits: before asking for a symbol's series it reads what IndexedDB holds
 * for the signed-in user (`store.ts`), names those series' validators in the request, merges the answer
 * (`merge.ts`: nothing new, a tail, or the whole series) and stores what changed, in the background, with
 * the request and every held series' validator (`LastRequest`). A load starts by sending that last
 * request again at once (`startEarly`), before the set says what it needs, and reads its held series
 * meanwhile; its answer is used only for a request the same as the one the set then makes, and only
 * where each series held is the one whose validator was sent; otherwise the request is made as ever. The
 * transaction set's last answer is held the same way (`heldSet`: read before the set is asked for, kept
 * after each answer that came whole). A sign-out or an account deletion (`forget`) closes the store,
 * waits for its writes and deletes it.
 */
import { fxSymbolFor } from '../../model/exchange-rates';
import type { HeldQuoteColumns, QuoteErrorEntry } from '../../model/quotes';
import type { Credentials, HeldAnswer } from '../services/http';
import type { HeldSet } from '../services/transactions-api';
import { requestQuoteUpdates, type QuotesRequest } from '../services/quotes-api';
import { sendEarly, type Early } from './early-send';
import type { HeldFigures } from './figures';
import { mergeAnswer } from './merge';
import { openHeldQuotes, subjectOf, type HeldQuotes } from './store';
import type { WarmReads } from './warm';

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
  /** The last request sent again at a load's start, for the user it was read for (`startEarly`). */
  private early: { user: string | null; ready: Promise<Early | null> } | null = null;
  /** What a warm start read before the load, for the user it was read for (`warm`). */
  private warmed: { user: string | null; reads: Promise<WarmReads | null> } | null = null;
  /** The pauses before writes still waiting: a forget ends them. */
  private readonly stops = new Set<() => void>();
  /** Ends the writes' wait for the figures (`derived`). */
  private figuresIn: (() => void) | null = null;
  private figures: Promise<void> | null = null;
  /** Whether a derive asked for the held figures this session (`heldFigures`); a forget resets it. */
  private figuresAsked = false;

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
    let answered = store && generation === this.generation ? await this.earlyAnswer(request) : null;
    if (!answered) {
      const held = store && generation === this.generation ? await this.heldOf(store, request.symbols) : new Map();
      // The rates the held series' currencies need come with the answer (`rates`): the held ones are named too.
      if (store && request.rates)
        for (const [symbol, series] of await this.heldOf(store, ratesOf(held, request))) held.set(symbol, series);
      const validators = new Map([...held].map(([symbol, series]) => [symbol, series.validator]));
      answered = { held, answers: await requestQuoteUpdates(credentials, request, validators) };
    }
    // Used by the first fetch only (a load's).
    this.early = null;
    const { held, answers } = answered;
    const merged = answers.map((answer) => mergeAnswer(held.get(answer.symbol), answer));
    const changed = merged.flatMap((one) => (one.store ? [one.store] : []));
    const entries = merged.map((one) => one.entry);
    if (store && generation === this.generation) {
      // After the figures: the derive that follows this answer need not share the worker (the records'
      // copy) or the machine (the disk) with the write. A failed write only costs the next visit bytes.
      this.writeAfterFigures(Promise.resolve(store), (held) => held.write(changed, request, entries));
    }
    return entries;
  }

  /**
   * At a load's start, before the set is known: sends the last request this browser made again, and reads
   * the held series it named meanwhile (`early-send.ts`; `early.ts`, fetched only when a last request is
   * held, says later whether its answer serves the load).
   */
  startEarly(credentials: Credentials, endSeconds: number): void {
    const generation = this.generation;
    const opened = this.storeFor(credentials);
    const warm = this.warmOf('quotes');
    const ready = opened.then(async (store) => {
      const read = await warm;
      const last = store && generation === this.generation ? (read ? read.last : await store.readLast()) : null;
      if (!store || !last || generation !== this.generation) return null;
      const sent = sendEarly(credentials, store, last, endSeconds, read?.held);
      // What tells whether its answer serves the load: fetched now, used once the set is in.
      void import('./early').catch(() => undefined);
      return sent;
    });
    this.early = { user: this.user, ready: ready.catch(() => null) };
  }

  /**
   * Before the page has checked the session: reads what the last visit held for the user `idToken` names
   * (warm.ts, fetched now), for the load to take (`warmOf`) instead of reading it then.
   */
  warm(idToken: string): void {
    const generation = this.generation;
    const opened = this.storeFor({ idToken, xsrfToken: null });
    const reads = opened.then((store) =>
      store && generation === this.generation ? import('./warm').then((warm) => warm.warmReads(store)) : null,
    );
    this.warmed = { user: this.user, reads: reads.catch(() => null) };
  }

  /** A part of the warm start's reads, taken once, when they are the signed-in user's (`warm`). */
  private async warmOf<K extends keyof WarmReads>(key: K): Promise<Awaited<WarmReads[K]>> {
    const warmed = this.warmed?.user === this.user ? await this.warmed.reads : null;
    const part = warmed?.[key];
    delete warmed?.[key];
    return part as Awaited<WarmReads[K]>;
  }

  /** The early request's answer and held series when it serves `request` (`early.ts`), else null. */
  private async earlyAnswer(request: QuotesRequest) {
    // A forget clears it: one begun before a sign-out is never used.
    const sent = this.early?.user === this.user ? await this.early.ready : null;
    return sent ? (await import('./early')).answerFor(sent, request) : null;
  }

  /** The held series of `symbols`: those the early request's read holds, and the others read now. */
  private async heldOf(store: HeldQuotes, symbols: readonly string[]): Promise<Map<string, HeldQuoteColumns>> {
    // Only this user's read: a store opened for another is another's series.
    const early = this.early?.user === this.user ? await this.early.ready : null;
    const read = (await early?.held) ?? new Map<string, HeldQuoteColumns>();
    const late = await store.read(symbols.filter((symbol) => !read.has(symbol)));
    const held = new Map<string, HeldQuoteColumns>();
    for (const symbol of symbols) {
      const series = read.get(symbol) ?? late.get(symbol);
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
        const warm = await this.warmOf('set');
        if (!store || generation !== this.generation) return null;
        if (warm !== undefined) return warm;
        // Without a warm start (a first visit, a reload): the answer, then its ETag.
        const held = await store.readSet();
        return held && { etag: held.etag, answer: held };
      },
      // In turn with the quotes' writes, after the figures (as theirs); the newest answer is written last.
      keep: (answer: HeldAnswer) =>
        this.writeAfterFigures(this.storeFor(credentials), (store) => store.writeSet(answer)),
    };
  }

  /**
   * The figures of the last load held for the signed-in user (`figures.ts`): the warm start's read, else
   * read now. Asked once, by the first derive (a load's): null after that, and when none are held.
   */
  async heldFigures(): Promise<HeldFigures | null> {
    if (this.figuresAsked) return null;
    this.figuresAsked = true;
    const generation = this.generation;
    const warm = await this.warmOf('figures');
    const store = await this.opened;
    if (!store || generation !== this.generation) return null;
    return warm !== undefined ? warm : store.readFigures();
  }

  /**
   * Keeps `figures`, a load's (`packedCopy`: memory of their own), in turn with the other writes, after
   * the figures; null (too big to keep) deletes those held, which no later load could take.
   */
  keepFigures(figures: HeldFigures | null): void {
    this.writeAfterFigures(this.opened, (store) => store.writeFigures(figures));
  }

  /**
   * Runs `write` on the store `opened` gives, in turn after the writes before it and after the figures
   * (`afterFigures`); not after a forget, nor when there is no store. A failed write is dropped: it only
   * costs the next visit what it would have kept.
   */
  private writeAfterFigures(opened: Promise<HeldQuotes | null>, write: (store: HeldQuotes) => Promise<void>): void {
    const generation = this.generation;
    const ready = this.afterFigures();
    this.writes = this.writes
      .then(() => ready)
      .then(() => opened)
      .then((store) => (store && generation === this.generation ? write(store) : undefined))
      .catch(() => undefined);
  }

  /** The worker derived figures: the writes waiting for them go a second later. */
  derived(): void {
    this.figuresIn?.();
  }

  /** Waits for the figures of the load (the next derive, or at most 5 s), then a second more. */
  private afterFigures(): Promise<void> {
    const generation = this.generation;
    this.figures ??= new Promise<void>((resolve) => (this.figuresIn = resolve)).then(() => {
      this.figures = this.figuresIn = null;
    });
    // A forget meanwhile ended the wait: no second more (its write is skipped, and the sign-out waits for it).
    return Promise.race([this.figures, this.pause(5 * WRITE_AFTER_MS)]).then(() =>
      generation === this.generation ? this.pause(WRITE_AFTER_MS) : undefined,
    );
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
    this.early = null;
    this.warmed = null;
    this.figuresAsked = false;
    for (const stop of [...this.stops]) stop();
    const user = this.user;
    const opened = this.opened;
    this.user = null;
    this.opened = Promise.resolve(null);
    (await opened)?.close();
    await this.writes;
    await (await import('./store-writes')).forgetAllHeldQuotes(user);
  }
}
