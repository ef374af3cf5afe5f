/**
 * A JSON answer from text the route already holds (the transactions' set as the database wrote it), or an
 * answer in bytes (the quotes' columns), marked so that `compressAnswers` compresses that text or those
 * bytes as they are instead of reading the answer's body back out of a web stream, and may reuse the
 * user's last compressed answer when they are the same (`compressed-answer-cache.ts`).
 */
import type { Context } from 'hono';
import type { AppEnv } from './app-env';

export function jsonTextAnswer(c: Context<AppEnv>, text: string): Response {
  const response = c.body(text, 200, { 'Content-Type': 'application/json' });
  c.set('answerText', { text, response });
  return response;
}

/** An answer of `bytes` of the content type `type`. */
export function bytesAnswer(c: Context<AppEnv>, bytes: Uint8Array<ArrayBuffer>, type: string): Response {
  const response = c.body(bytes, 200, { 'Content-Type': type });
  c.set('answerText', { text: bytes, response });
  return response;
}

/** The text (or bytes) `jsonTextAnswer` or `bytesAnswer` gave, while the answer is still the response it made (a later middleware may replace it). */
export function answerTextOf(c: Context<AppEnv>): string | Uint8Array | undefined {
  const given = c.get('answerText');
  return given && given.response === c.res ? given.text : undefined;
}
