/**
 * The CSV mapping store (migration 7), one contract on SQLite (a temp file) and PostgreSQL (a fresh schema
 * in DATABASE_URL; skipped with a notice without it): saved and found per user and header, the least
 * recently saved forgotten past the limit even when saves share a millisecond, a damaged row read as
 * none, and account deletion taking the user's mappings only. A backup's list restored by merge and by
 * replace keeps the most recently saved past the limit, by the backup's saved-at times.
 */
import { describe, expect, it } from 'vitest';
import { headerKey, MAX_REMEMBERED_MAPPINGS } from '#src/model/csv-mapping';
import { openForTheSuite, storageBackends, type OpenedStorage } from '#helpers/storage-backends';
import { AMERICAN_MAPPING } from '#helpers/csv-mappings';

/** Overwrites the user's stored mapping with one no schema accepts: a damaged row. */
async function damage(storage: OpenedStorage, userId: string, header: string): Promise<void> {
  if (storage.kind === 'sqlite')
    storage.db
      .prepare(`UPDATE csv_mappings SET mapping = '{"delimiter":"|"}' WHERE user_id = ? AND header_key = ?`)
      .run(userId, header);
  else
    await storage.pool.query(
      `UPDATE csv_mappings SET mapping = '{"delimiter":"|"}' WHERE user_id = $1 AND header_key = $2`,
      [userId, header],
    );
}

const mapping = AMERICAN_MAPPING;
const header = headerKey(['Trade Date', 'Symbol', 'Action', 'Quantity', 'Amount']);

describe.each(storageBackends('csv mappings storage contract'))('CSV mapping store on $name', (backend) => {
  let storage: OpenedStorage;
  openForTheSuite(backend, (opened) => (storage = opened));

  it('finds a mapping by user and header only', async () => {
    const { csvMappings } = storage;
    await csvMappings.save('alice', header, mapping);
    expect(await csvMappings.get('alice', header)).toEqual(mapping);
    expect(await csvMappings.get('bob', header)).toBeNull();
    expect(await csvMappings.get('alice', headerKey(['Trade Date', 'Symbol']))).toBeNull();
  });

  it('forgets the least recently saved past the limit, even when saves share a millisecond', async () => {
    const { csvMappings } = storage;
    const headers = Array.from({ length: MAX_REMEMBERED_MAPPINGS + 3 }, (_, i) =>
      headerKey([`c${String(i).padStart(3, '0')}`]),
    );
    // The first 50 saved in reverse alphabetical order, so that a tie broken by the key would forget the wrong ones.
    for (const key of headers.slice(0, MAX_REMEMBERED_MAPPINGS).reverse())
      await csvMappings.save('carol', key, mapping);
    // Saving the oldest again makes it the most recent.
    await csvMappings.save('carol', headers[MAX_REMEMBERED_MAPPINGS - 1]!, { ...mapping, dateOrder: 'DMY' });
    for (const key of headers.slice(MAX_REMEMBERED_MAPPINGS)) await csvMappings.save('carol', key, mapping);
    const kept = await Promise.all(headers.map(async (key) => (await csvMappings.get('carol', key)) !== null));
    expect(kept.filter(Boolean)).toHaveLength(MAX_REMEMBERED_MAPPINGS);
    // Forgotten: the three saved least recently (46, 47, 48); 49 was saved again.
    expect(kept.slice(MAX_REMEMBERED_MAPPINGS - 4)).toEqual([false, false, false, true, true, true, true]);
    expect((await csvMappings.get('carol', headers[MAX_REMEMBERED_MAPPINGS - 1]!))?.dateOrder).toBe('DMY');
    expect(await csvMappings.get('alice', header)).toEqual(mapping);
  });

  it('reads a damaged row as no mapping, and lists it not', async () => {
    await storage.csvMappings.save('dave', header, mapping);
    await damage(storage, 'dave', header);
    expect(await storage.csvMappings.get('dave', header)).toBeNull();
    expect(await storage.csvMappings.list('dave')).toEqual([]);
  });

  it('restores a list by merge (own kept) and by replace, keeping the most recently saved past the limit', async () => {
    const { csvMappings } = storage;
    const otherHeader = headerKey(['Trade Date', 'Symbol']);
    await csvMappings.save('erin', header, mapping);
    await csvMappings.save('erin', otherHeader, mapping);
    const own = await csvMappings.list('erin');
    expect(own).toEqual([
      { header: otherHeader, mapping, savedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/) },
      { header, mapping, savedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/) },
    ]);
    // A full backup: 50 headers saved a minute apart in 2024, one of them the user's own header.
    const backup = Array.from({ length: MAX_REMEMBERED_MAPPINGS }, (_, i) => ({
      header: i === 0 ? header : headerKey([`b${String(i).padStart(2, '0')}`]),
      mapping: { ...mapping, dateOrder: 'YMD' as const },
      savedAt: new Date(Date.UTC(2024, 0, 1, 0, i)).toISOString(),
    }));
    await csvMappings.restore('erin', backup, 'merge');
    const merged = await csvMappings.list('erin');
    // The user's own two (saved now) first and kept as they were; of the backup's other 49 the oldest (b01) forgotten.
    expect(merged).toHaveLength(MAX_REMEMBERED_MAPPINGS);
    expect(merged.slice(0, 2)).toEqual(own);
    expect(merged.slice(2)).toEqual(backup.slice(2).reverse());

    await csvMappings.restore('erin', backup.slice(0, 3), 'replace');
    expect(await csvMappings.list('erin')).toEqual(backup.slice(0, 3).reverse());
    expect(await csvMappings.get('erin', header)).toEqual({ ...mapping, dateOrder: 'YMD' });
    // Another user's are untouched.
    expect(await csvMappings.get('alice', header)).toEqual(mapping);
  });

  it("goes with the account, and only that account's", async () => {
    const deleted = await storage.deleteUser('alice');
    expect(deleted.csv_mappings).toBe(1);
    expect(await storage.csvMappings.get('alice', header)).toBeNull();
    expect(await storage.csvMappings.get('carol', headers0())).not.toBeNull();
  });
});

function headers0() {
  return headerKey(['c000']);
}
