import type { HttpBindings } from '@hono/node-server';

export interface AuthenticatedUser {
  /** The ID token's `sub`: the key of everything the user stores. */
  sub: string;
}

/**
 * The Hono environment of our app: the node request/response, the user once authenticated, and the depth
 * a JSON body was already scanned to (body-limits.ts), so a route need not scan it again, and the text of
 * an answer made from text (text-answer.ts).
 */
export interface AppEnv {
  Bindings: HttpBindings;
  Variables: {
    user: AuthenticatedUser;
    jsonDepthScanned?: number;
    /** The text of that body, decoded as it was handed on (body-limits.ts `scannedBodyText`). */
    scannedBodyText?: string;
    /** The text (or bytes) of an answer and the response made of it (`text-answer.ts`), for `compressAnswers`. */
    answerText?: { text: string | Uint8Array; response: Response };
  };
}
