/**
 * What an intent answers: a value, never an exception crossing the worker boundary (Comlink would keep
 * the message of an Error and lose its status, which tells a conflict from a failure).
 */
export interface Refusal {
  ok: false;
  /** The server's HTTP status; 0 when it could not be reached or the worker refused before asking it. */
  status: number;
  message: string;
}

export type Outcome<T extends object> = ({ ok: true } & T) | Refusal;

/** The status of a save refused because the server holds a newer set than the one it was based on. */
export const CONFLICT_STATUS = 412;

export const refusal = (status: number, message: string): Refusal => ({ ok: false, status, message });
