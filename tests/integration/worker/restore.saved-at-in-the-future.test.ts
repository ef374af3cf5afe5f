/**
 * Issue 31, finding 5: a crafted backup broke the export. A mapping restored with `savedAt`
 * 2100-12-31T23:59:59.999Z was accepted; the server's next save stamped 2101-01-01 (each save is stamped
 * after the latest), and from then the export failed ("savedAt … is not a time") and our own reader
 * refused the whole backup. Now a restore refuses a time in the future (the rule of src/model/saved-at.ts),
 * the export takes the server's list as stored and writes every time within the rule, and whatever a
 * restore accepts, saved again and exported, reads back.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emptyTransactionSet } from '#src/model';
import { checkRememberedMappings, MAX_REMEMBERED_MAPPINGS, type RememberedMapping } from '#src/model/csv-mapping';
import { backupToJson } from '#src/worker/backup/backup-json';
import { readRestoreFile, type RestoreRead } from '#src/worker/backup/read-restore';
import { setServiceOrigin } from '#src/worker/services/http';
import { fetchAllCsvMappings } from '#src/worker/services/csv-mappings-api';
import { EUROPEAN_MAPPING } from '#helpers/csv-mappings';
import { sendJson, serveOnLoopback, type LoopbackServer } from '#helpers/fake-yahoo';

const DAY_MS = 86_400_000;
/** The reader's now: no clock in the reader, the caller says. */
const NOW_MS = Date.UTC(2026, 10, 29, 12);
const iso = (ms: number) => new Date(ms).toISOString();
const header = (i: number) => `datum\u001fsymbool\u001fbedrag ${i}`;
const remembered = (i: number, savedAt: string): RememberedMapping => ({
  header: header(i),
  mapping: EUROPEAN_MAPPING,
  savedAt,
});
const content = (csvMappings: RememberedMapping[]) => ({
  transactions: emptyTransactionSet(),
  symbolChoices: {},
  settings: {},
  csvMappings,
});

/** A backup as an attacker writes it: made honestly, then its saved-at time edited (the writer would not write it). */
function craftedBackup(savedAt: string): string {
  const honest = backupToJson(content([remembered(1, '2026-10-01T12:00:00.000Z')]), iso(NOW_MS));
  return honest.replace('"2026-10-01T12:00:00.000Z"', JSON.stringify(savedAt));
}

function refusal(read: RestoreRead): string {
  if (read.ok) throw new Error('the backup was accepted');
  return read.error;
}

describe('a restore', () => {
  it('refuses a mapping saved at 2100-12-31T23:59:59.999Z, naming it, and restores nothing', async () => {
    expect(refusal(await readRestoreFile(craftedBackup('2100-12-31T23:59:59.999Z'), NOW_MS))).toBe(
      `The backup's column mappings are not valid: mapping 1: savedAt "2100-12-31T23:59:59.999Z" is in the future (later than a day after ${iso(NOW_MS)}, the time here: is the clock right?). Nothing was restored.`,
    );
  });

  it('takes a time up to a day ahead of its clock (clocks disagree), and none later', async () => {
    expect(await readRestoreFile(craftedBackup(iso(NOW_MS + DAY_MS)), NOW_MS)).toMatchObject({ ok: true });
    expect(refusal(await readRestoreFile(craftedBackup(iso(NOW_MS + DAY_MS + 1)), NOW_MS))).toMatch(/is in the future/);
  });

  it('refuses a time before 2000 and one that is no time', async () => {
    expect(refusal(await readRestoreFile(craftedBackup('1999-12-31T23:59:59.999Z'), NOW_MS))).toMatch(
      /savedAt "1999-12-31T23:59:59.999Z" is not a time after 2000-01-01/,
    );
    expect(refusal(await readRestoreFile(craftedBackup('+010000-01-01T00:00:00.000Z'), NOW_MS))).toMatch(
      /is not a time like/,
    );
    expect(refusal(await readRestoreFile(craftedBackup('2026-02-30T00:00:00.000Z'), NOW_MS))).toMatch(
      /is not a time like/,
    );
  });
});

describe('the export of a list the server already holds with a time from a crafted backup', () => {
  let server: LoopbackServer;
  /** As the server stamped the next save after a restored 2100-12-31T23:59:59.999Z. */
  const stored = [
    remembered(2, '2101-01-01T00:00:00.000Z'),
    remembered(1, '2100-12-31T23:59:59.999Z'),
    remembered(3, '2026-11-01T08:00:00.000Z'),
  ];
  beforeAll(async () => {
    server = await serveOnLoopback((_request, response) => sendJson(response, 200, { mappings: stored }));
    setServiceOrigin(server.baseUrl);
  });
  afterAll(async () => {
    setServiceOrigin(undefined);
    await server.close();
  });

  it('is fetched as stored, written within the rule, and reads back', async () => {
    const listed = await fetchAllCsvMappings({ idToken: 'token', xsrfToken: null });
    expect(listed).toEqual(stored);
    const read = await readRestoreFile(backupToJson(content(listed), iso(NOW_MS)), NOW_MS);
    if (!read.ok) throw new Error(read.error);
    // Nothing in a backup was saved after it was made; the order is the server's.
    expect(read.content.csvMappings?.map((m) => [m.header, m.savedAt])).toEqual([
      [header(2), iso(NOW_MS)],
      [header(1), iso(NOW_MS)],
      [header(3), '2026-11-01T08:00:00.000Z'],
    ]);
  });
});

/** The server as it keeps the mappings (server/storage/csv-mappings-*.ts): times in ms, a save stamped max(now, latest + 1). */
class StoredMappings {
  private readonly byHeader = new Map<string, number>();

  restore(mappings: readonly RememberedMapping[]): void {
    for (const m of mappings) this.byHeader.set(m.header, Date.parse(m.savedAt));
  }

  save(name: string, nowMs: number): void {
    const latest = Math.max(-Infinity, ...this.byHeader.values());
    this.byHeader.set(name, Math.max(nowMs, latest + 1));
    const kept = this.list().slice(0, MAX_REMEMBERED_MAPPINGS);
    this.byHeader.clear();
    for (const m of kept) this.byHeader.set(m.header, Date.parse(m.savedAt));
  }

  /** As `GET /api/csv-mappings/all` answers: most recently saved first, each time as `toISOString` writes it. */
  list(): RememberedMapping[] {
    return [...this.byHeader]
      .sort(([ha, a], [hb, b]) => b - a || (ha < hb ? -1 : 1))
      .map(([name, ms]) => ({ header: name, mapping: EUROPEAN_MAPPING, savedAt: new Date(ms).toISOString() }));
  }
}

describe('whatever a restore accepts', () => {
  const savedAt = fc.oneof(
    fc.integer({ min: Date.UTC(1999, 0, 1), max: Date.UTC(2200, 0, 1) }).map(iso),
    fc.integer({ min: NOW_MS - DAY_MS, max: NOW_MS + 2 * DAY_MS }).map(iso),
    fc.constantFrom(
      '2100-12-31T23:59:59.999Z',
      iso(NOW_MS + DAY_MS),
      iso(NOW_MS + DAY_MS + 1),
      '2000-01-01T00:00:00.000Z',
    ),
  );

  it('saved again any number of times and exported (at once or later, read on a clock up to a day behind), reads back', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(savedAt, { minLength: 1, maxLength: 6 }),
        fc.integer({ min: 0, max: 60 }),
        fc.integer({ min: 0, max: 400 * DAY_MS }),
        fc.integer({ min: 0, max: DAY_MS }),
        async (times, saves, exportLaterMs, readerBehindMs) => {
          const backup = craftedList(times);
          const restored = await readRestoreFile(backup, NOW_MS);
          fc.pre(restored.ok);
          if (!restored.ok) return;
          const server = new StoredMappings();
          server.restore(restored.content.csvMappings ?? []);
          for (let i = 0; i < saves; i++) server.save(`saved later ${i}`, NOW_MS + i);
          const exportMs = NOW_MS + exportLaterMs;
          const listed = checkRememberedMappings(server.list(), 'as-stored');
          if (!listed.ok) throw new Error(listed.message);
          const read = await readRestoreFile(
            backupToJson(content(listed.value), iso(exportMs)),
            exportMs - readerBehindMs,
          );
          if (!read.ok) throw new Error(read.error);
          expect(read.content.csvMappings?.map((m) => m.header)).toEqual(listed.value.map((m) => m.header));
        },
      ),
      { numRuns: 300 },
    );
  });
});

/** A backup whose mappings carry `times`, as a crafted file may. */
function craftedList(times: readonly string[]): string {
  const backup = JSON.parse(
    backupToJson(content(times.map((_, i) => remembered(i, '2026-10-01T12:00:00.000Z'))), iso(NOW_MS)),
  ) as { csvMappings: RememberedMapping[] };
  backup.csvMappings.forEach((m, i) => (m.savedAt = times[i]!));
  return JSON.stringify(backup);
}
