/**
 * The JSON backup carries the base currency (issue 34) beside the benchmark: absent for EUR, the default, so
 * a EUR user's backup is what it was; a GBP user's names GBP, and restoring it by replace reports in GBP
 * again, while a merge keeps the portfolio's own choice. A code that is not ISO 4217 is refused by name.
 */
import { describe, expect, it } from 'vitest';
import { backupToJson, toBackupSettings, type BackupContent } from '#src/worker/backup/backup-json';
import { readRestoreFile } from '#src/worker/backup/read-restore';
import { applyRestore, planRestore, type CurrentContent } from '#src/worker/backup/restore-plan';
import { FIRST_ACCOUNT } from '#src/model/cash';
import { settingsText } from '#src/ui/your-data/restore-plan-text';

const NOW_MS = Date.UTC(2026, 10, 29, 12);
const empty = { stock: [], dividend: [], commission: [], cash: [] };

function backupOf(settings: { benchmark: string | null; baseCurrency: string }): string {
  const content: BackupContent = {
    transactions: empty,
    symbolChoices: {},
    settings: toBackupSettings(settings),
    csvMappings: [],
    accounts: { by: 'id', list: [FIRST_ACCOUNT] },
  };
  return backupToJson(content, '2026-11-25T00:00:00.000Z');
}

async function read(text: string) {
  const file = await readRestoreFile(text, NOW_MS);
  if (!file.ok) throw new Error(file.error);
  return file.content;
}

const inEuros: CurrentContent = {
  transactions: empty,
  symbolChoices: {},
  settings: toBackupSettings({ benchmark: 'VWCE.DE', baseCurrency: 'EUR' }),
  csvMappings: [],
  accounts: [FIRST_ACCOUNT],
};

describe('the base currency in a backup', () => {
  it('is absent for EUR and named otherwise', () => {
    expect(JSON.parse(backupOf({ benchmark: null, baseCurrency: 'EUR' })).settings).toEqual({});
    expect(JSON.parse(backupOf({ benchmark: 'VWCE.DE', baseCurrency: 'GBP' })).settings).toEqual({
      benchmark: 'VWCE.DE',
      baseCurrency: 'GBP',
    });
  });

  it('is read back, planned as a change, and restored by replace; a merge keeps the portfolio’s', async () => {
    const content = await read(backupOf({ benchmark: 'VWCE.DE', baseCurrency: 'GBP' }));
    expect(content.settings).toEqual({ benchmark: 'VWCE.DE', baseCurrency: 'GBP' });
    expect(planRestore(inEuros, content).replace.settingsChanged).toEqual(['baseCurrency']);
    expect(applyRestore(inEuros, content, 'replace').settings).toEqual({ benchmark: 'VWCE.DE', baseCurrency: 'GBP' });
    const inFrancs = { ...inEuros, settings: toBackupSettings({ benchmark: null, baseCurrency: 'CHF' }) };
    expect(applyRestore(inFrancs, content, 'merge').settings).toEqual({ benchmark: 'VWCE.DE', baseCurrency: 'CHF' });
  });

  it('is never changed by a merge, even for a portfolio in EUR (the default, absent from its settings)', async () => {
    const content = await read(backupOf({ benchmark: 'VWCE.DE', baseCurrency: 'GBP' }));
    const inDefaultEuros = { ...inEuros, settings: toBackupSettings({ benchmark: null, baseCurrency: 'EUR' }) };
    expect(applyRestore(inDefaultEuros, content, 'merge').settings).toEqual({ benchmark: 'VWCE.DE' });
    const plan = planRestore(inDefaultEuros, content);
    expect(plan.merge.settingsAdded).toEqual(['benchmark']);
    expect(plan.replace.settingsChanged).toEqual(['baseCurrency', 'benchmark']);
  });

  it('is named in the preview: what a replace and a merge do to the settings', async () => {
    const content = await read(backupOf({ benchmark: 'VWCE.DE', baseCurrency: 'GBP' }));
    expect(settingsText(planRestore(inEuros, content))).toBe(
      'Settings: a replace reports in GBP instead of EUR; a merge keeps yours.',
    );
    const bare = { ...inEuros, settings: {} };
    expect(settingsText(planRestore(bare, content))).toBe(
      'Settings: a replace reports in GBP instead of EUR and compares with VWCE.DE instead of no benchmark; a merge keeps yours and compares with VWCE.DE.',
    );
    const same = await read(backupOf({ benchmark: 'VWCE.DE', baseCurrency: 'EUR' }));
    expect(settingsText(planRestore(inEuros, same))).toBeNull();
  });

  it('refuses a code that is not ISO 4217, naming it, and nothing is restored', async () => {
    const text = backupOf({ benchmark: null, baseCurrency: 'GBP' }).replace('"GBP"', '"GBp"');
    const file = await readRestoreFile(text, NOW_MS);
    expect(file.ok).toBe(false);
    if (!file.ok) {
      expect(file.error).toMatch(/Nothing was restored/);
      expect(file.error).toContain('"GBp" is not an ISO 4217 currency code');
    }
  });
});
