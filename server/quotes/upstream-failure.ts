/** Why a call to Yahoo gave no chart, as a value the providers pass on and the service reports. */

export type UpstreamFailureKind =
  /** DNS failure, connection refused or reset: the network or Yahoo is out of reach. */
  | 'offline'
  | 'timeout'
  /** 429 after every retry. */
  | 'rate-limited'
  /** 5xx after every retry. */
  | 'server-error'
  /** Yahoo answered 4xx (unknown symbol, bad range): asking again will not help. */
  | 'rejected'
  /** A 200 whose body is not a daily chart of the symbol asked for. */
  | 'bad-response'
  /** An outage was seen a moment ago; the call was not made (see `circuit-breaker.ts`). */
  | 'circuit-open';

export interface UpstreamFailure {
  kind: UpstreamFailureKind;
  message: string;
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
