/**
 * The user's settings reach the worker's engine (intents/settings.ts): the benchmark, and the base currency
 * when the settings carry one it knows; EUR otherwise. The rates to request follow.
 */
import { describe, expect, it } from 'vitest';
import type { UserSettings } from '#src/model/settings';
import { createWorkerContext } from '#src/worker/intents/context';
import { applySettings } from '#src/worker/intents/settings';
import { stock, transactionSet } from '#helpers/worker/portfolio';

function contextHolding() {
  const context = createWorkerContext();
  context.engine.setTransactions(
    transactionSet([stock('MSFT', '2024-01-02', 1, 370, 'USD'), stock('SAP.DE', '2024-01-02', 1, 140)]),
  );
  return context;
}

const settings = (extra: Record<string, unknown>): UserSettings => ({ benchmark: null, ...extra }) as UserSettings;

describe('the settings applied to the engine', () => {
  it('takes a baseCurrency the settings carry: the rates of that base are requested', () => {
    const context = contextHolding();
    expect(context.engine.symbolsToRequest()).toEqual(['EUR=X', 'MSFT', 'SAP.DE']);
    applySettings(context, settings({ baseCurrency: 'GBP', benchmark: 'VWCE.DE' }));
    expect(context.engine.symbolsToRequest()).toEqual(['EURGBP=X', 'GBP=X', 'MSFT', 'SAP.DE', 'VWCE.DE']);
  });

  it('falls back to EUR when the settings name no base currency, or one that is not ISO 4217', () => {
    const context = contextHolding();
    applySettings(context, settings({ baseCurrency: 'USD' }));
    expect(context.engine.symbolsToRequest()).toEqual(['EURUSD=X', 'MSFT', 'SAP.DE']);
    applySettings(context, settings({}));
    expect(context.engine.symbolsToRequest()).toEqual(['EUR=X', 'MSFT', 'SAP.DE']);
    applySettings(context, settings({ baseCurrency: 'GBp' }));
    expect(context.engine.symbolsToRequest()).toEqual(['EUR=X', 'MSFT', 'SAP.DE']);
  });
});
