/** `GET /api/symbols/choices`, from the worker: the user's symbol choices, read by every load (symbols-api.ts has the rest). */
import * as z from 'zod/mini';
import { requestJson, type Credentials } from './http';

const choicesAnswer = z.object({ choices: z.array(z.object({ isin: z.string(), symbol: z.string() })) });

/** Every choice of the user: ISIN → symbol. */
export async function fetchSymbolChoices(credentials: Credentials): Promise<Record<string, string>> {
  const { body } = await requestJson('/api/symbols/choices', choicesAnswer, { credentials });
  return Object.fromEntries(body.choices.map((choice) => [choice.isin, choice.symbol]));
}
