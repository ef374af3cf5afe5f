/**
 * A schema with a fast check in front, for the answers that run to megabytes (a 30-year set of 50,000
 * transactions, the charts of 200 symbols): zod checks every value and copies every object and array it
 * passes, which on those answers costs more than reading the JSON. The fast check reads the value in
 * place and copies nothing. It accepts only what the schema accepts; whatever it refuses goes through the
 * schema, which then names the problem (or accepts a shape the fast check does not know), so the schema
 * stays the one word on what an answer may be.
 */
import type { ZodMiniType } from 'zod/mini';

export interface FastChecked<T> {
  schema: ZodMiniType<T>;
  /** True only for a value `schema` accepts, as it is: the value is then taken without zod's copy. */
  accepts: (value: unknown) => value is T;
}

export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A finite number (zod's `z.number()` refuses NaN and the infinities). */
export const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

export const isOptionalString = (value: unknown): boolean => value === undefined || typeof value === 'string';

/** Every item of an array passes `item`; false for anything else. */
export function isArrayOf(value: unknown, item: (entry: unknown) => boolean): boolean {
  if (!Array.isArray(value)) return false;
  for (let index = 0; index < value.length; index += 1) if (!item(value[index])) return false;
  return true;
}
