/** Why a call to Yahoo gave no chart, as a value the providers pass on and the service reports. */

export type UpstreamFailureKind =
  /** DNS failure, connection refused or reset: the network or Yahoo is out of reach. */
  | 'offline'
  | 'timeout'
  /** 429 after every retry. */
  | 'rate-limited'
  /** 5xx after every retry. */
  | 'server-error'
  /** Yahoo answered 404: it does not know the symbol (remembered a while, see `quotes/unknown-symbols.ts`). */
  | 'unknown-symbol'
  /** Yahoo answered another 4xx (bad range…): asking again will not help. */
  | 'rejected'
  /** A 200 whose body is not a daily chart of the symbol asked for. */
  | 'bad-response'
  /** An outage was seen a moment ago; the call was not made (see `circuit-breaker.ts`). */
  | 'circuit-open'
  /** The user's budget of calls to Yahoo is used up for now; the call was not made (see `upstream-budget.ts`). */
  | 'over-budget';

export interface UpstreamFailure {
  kind: UpstreamFailureKind;
  message: string;
  /** For `over-budget`: when the next call is allowed. */
  retryInMs?: number;
}

/** Kinds that say Yahoo as a whole is unusable right now, so the next calls should not wait for it. */
export function isOutage(kind: UpstreamFailureKind): boolean {
  return kind === 'offline' || kind === 'timeout' || kind === 'rate-limited' || kind === 'server-error';
}

/**
 * Thrown inside the custom `fetch` handed to yahoo-finance2 (a fetch can only fail by throwing); the
 * provider catches it at once and turns it into an `UpstreamFailure` value.
 */
export class UpstreamError extends Error {
  override readonly name = 'UpstreamError';
  constructor(
    readonly kind: UpstreamFailureKind,
    message: string,
  ) {
    super(message);
  }
}

/**
 * A thrown error as a failure value: ours (`UpstreamError`) keeps its kind; yahoo-finance2's own (a body
 * that is not JSON, or not shaped like the answer) is a bad response from `source` ("Yahoo", "Yahoo's search").
 */
export function failureOf(error: unknown, source: string): UpstreamFailure {
  if (error instanceof UpstreamError) return { kind: error.kind, message: error.message };
  const message = error instanceof Error ? error.message : String(error);
  return { kind: 'bad-response', message: `unusable answer from ${source}: ${message.slice(0, 160)}` };
}
