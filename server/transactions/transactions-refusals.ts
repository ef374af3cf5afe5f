/**
 * The words of a refused `PUT /api/transactions`: a message that names the first problem (the SPA shows
 * it as is), and the issues as a bounded list. A 10 MiB body of bad rows would otherwise come back as a
 * 10 MB answer, and an unknown key of a megabyte would be echoed whole.
 */
import type { ValidationIssue } from '../../src/model/transaction-schema';

/** At most this many issues go back; `issueCount` says how many there were. */
export const MAX_REPORTED_ISSUES = 100;
/** Longest path or issue message sent back, in characters. */
const MAX_TEXT_LENGTH = 200;

export interface InvalidBodyRefusal {
  message: string;
  issues: ValidationIssue[];
  /** How many problems were found; with `truncated`, checking stopped there and there may be more. */
  issueCount: number;
  truncated: boolean;
}

function clip(text: string): string {
  return text.length <= MAX_TEXT_LENGTH ? text : `${text.slice(0, MAX_TEXT_LENGTH - 1)}…`;
}

export function invalidBodyRefusal(issues: readonly ValidationIssue[], truncated = false): InvalidBodyRefusal {
  const reported = issues
    .slice(0, MAX_REPORTED_ISSUES)
    .map((issue) => ({ path: clip(issue.path), message: clip(issue.message) }));
  const first = reported[0];
  const more = issues.length - 1;
  const firstText = first ? ` ${first.path === '' ? 'The body' : first.path}: ${first.message}` : '';
  const moreText = truncated
    ? ` (and ${more} more problems; checking stopped there, so there may be others)`
    : more > 0
      ? ` (and ${more} more problem${more === 1 ? '' : 's'})`
      : '';
  return {
    message: `The transactions are not valid; nothing was saved.${firstText}${moreText}.`,
    issues: reported,
    issueCount: issues.length,
    truncated,
  };
}

/** `JSON.parse`'s own words say where the body breaks (V8: "Unexpected token … at position 15"). */
export function brokenJsonRefusal(error: unknown): { message: string; issues: [] } {
  const reason = error instanceof Error && error.message ? ` (${clip(error.message)})` : '';
  return { message: `The body is not valid JSON${reason}; nothing was saved.`, issues: [] };
}

/** Nesting beyond what a transaction set needs is refused before parsing (deep nesting parses slowly). */
export function tooDeepRefusal(maxDepth: number): { message: string; issues: [] } {
  return {
    message: `The body nests arrays or objects more than ${maxDepth} deep; a transaction set never does. Nothing was saved.`,
    issues: [],
  };
}

/** A database that refuses or times out a read or write: the request failed, nothing partial stays behind. */
export function storageFailureMessage(action: 'read' | 'save'): string {
  return action === 'save'
    ? 'The database could not save the transactions just now; nothing was saved. Try again in a moment.'
    : 'The database could not read the transactions just now. Try again in a moment.';
}
