/** The tax report's download: asked of the worker, kept until the page delivered it, a refusal or failure said and retried. */
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { Outcome } from '#src/model/outcome';
import {
  selectTaxReport,
  selectTaxReportBusy,
  selectTaxReportError,
  taxReportMachine,
} from '#src/machines/tax-report-machine';
import type { TaxReport } from '#src/worker';

function actorAnswering(...answers: Array<Outcome<TaxReport> | Error>) {
  let calls = 0;
  const actor = createActor(
    taxReportMachine.provide({
      actors: {
        buildTaxReport: fromPromise<Outcome<TaxReport>>(async () => {
          const answer = answers[Math.min(calls, answers.length - 1)]!;
          calls += 1;
          if (answer instanceof Error) throw answer;
          return answer;
        }),
      },
    }),
  ).start();
  return { actor, calls: () => calls };
}

const REPORT = { ok: true as const, csv: 'year,date\n', fileName: 'dividend-tax-2025-06-13.csv' };

describe('the tax report', () => {
  it('is built on request, busy meanwhile, and kept until the page delivered it', async () => {
    const { actor, calls } = actorAnswering(REPORT);
    actor.send({ type: 'taxReport.request' });
    expect(selectTaxReportBusy(actor.getSnapshot())).toBe(true);
    await waitFor(actor, (s) => s.matches('ready'));
    expect(selectTaxReport(actor.getSnapshot())).toEqual({
      csv: 'year,date\n',
      fileName: 'dividend-tax-2025-06-13.csv',
    });
    actor.send({ type: 'taxReport.request' }); // a second click while the file is handed over asks nothing
    expect(calls()).toBe(1);
    actor.send({ type: 'taxReport.delivered' });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(selectTaxReport(actor.getSnapshot())).toBeNull();
  });

  it('says why when the worker refuses, and builds it again on the next request', async () => {
    const { actor } = actorAnswering({ ok: false, status: 0, message: 'The figures are not ready yet.' }, REPORT);
    actor.send({ type: 'taxReport.request' });
    await waitFor(actor, (s) => s.matches('failed'));
    expect(selectTaxReportError(actor.getSnapshot())).toBe('The figures are not ready yet.');
    actor.send({ type: 'taxReport.request' });
    await waitFor(actor, (s) => s.matches('ready'));
    expect(selectTaxReportError(actor.getSnapshot())).toBeNull();
  });

  it('says what went wrong when the call itself fails', async () => {
    const { actor } = actorAnswering(new Error('worker gone'));
    actor.send({ type: 'taxReport.request' });
    await waitFor(actor, (s) => s.matches('failed'));
    expect(selectTaxReportError(actor.getSnapshot())).toMatch(/worker gone/);
  });
});
