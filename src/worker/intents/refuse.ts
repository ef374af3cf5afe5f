/**
 * The one place where a thrown error becomes a refused outcome (`{ok: false, status, message}`), so that
 * no exception crosses the worker boundary: Comlink would keep an Error's message and lose its status,
 * which tells a conflict from a failure.
 *
 * Intents whose own failures are worded (a rename whose symbol was not kept, a failed symbol lookup, a
 * mapping not remembered) keep their own `catch`. Where the worker fails before asking a server (a parse,
 * the tax report, a mapping's preview and count, an import's merge: the store answers a failed request as
 * an outcome, it does not throw), the status is 0, as it always was.
 */
import { messageOf } from '../../model/message';
import { refusal, type Outcome, type Refusal } from '../../model/outcome';
import { HttpError } from '../services/http';

/** A failure as a value: the server's status and message for a request it answered, else 0 and the message. */
export function refused(error: unknown): Refusal {
  return error instanceof HttpError ? refusal(error.status, error.message) : refusal(0, messageOf(error));
}

/**
 * Runs an intent's body and answers what it answers, or its thrown error `refused`. A synchronous body
 * stays synchronous (its intent's type is unchanged); an asynchronous one is refused when it rejects.
 */
export function refusing<T extends object>(run: () => Promise<Outcome<T>>): Promise<Outcome<T>>;
export function refusing<T extends object>(run: () => Outcome<T>): Outcome<T>;
export function refusing<T extends object>(
  run: () => Outcome<T> | Promise<Outcome<T>>,
): Outcome<T> | Promise<Outcome<T>> {
  try {
    const answer = run();
    return answer instanceof Promise ? answer.catch(refused) : answer;
  } catch (error) {
    return refused(error);
  }
}
