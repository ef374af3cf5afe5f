/** The user's symbol choices after a save (an import, a restore, a rename): only intents loaded on first call use it. */
import type { SymbolChoice } from '../../model/symbols';

/** `choices` (ISIN → symbol) with `changes` applied: a symbol set, a null forgotten. */
export function withChoices(choices: Record<string, string>, changes: readonly SymbolChoice[]): Record<string, string> {
  const next = { ...choices };
  for (const { isin, symbol } of changes) {
    if (symbol === null) delete next[isin];
    else next[isin] = symbol;
  }
  return next;
}
