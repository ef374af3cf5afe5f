/**
 * A JSON answer from text the route already holds (the transactions' set as the database wrote it), marked
 * so that `compressAnswers` compresses that text as it is instead of reading the answer's body back out of
 * a web stream, and may reuse the user's last compressed answer when the text is the same
 * (`compressed-answer-cache.ts`).
 */
import type { Context } from 'hono';
import type { AppEnv } from './app-env';

export function jsonTextAnswer(c: Context<AppEnv>, text: string): Response {
  const response = c.body(text, 200, { 'Content-Type': 'application/json' });
  c.set('answerText', { text, response });
  return response;
}

/** The text `jsonTextAnswer` gave, while the answer is still the response it made (a later middleware may replace it). */
export function answerTextOf(c: Context<AppEnv>): string | undefined {
  const given = c.get('answerText');
  return given && given.response === c.res ? given.text : undefined;
}
