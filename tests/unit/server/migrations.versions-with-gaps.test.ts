/**
 * Migration versions are assigned per issue, so they may land out of order and leave gaps for a while:
 * the runner applies whatever is not applied yet, in version order, whatever the gaps.
 */
import { describe, expect, it } from 'vitest';
import { MIGRATIONS, pendingMigrations } from '#server/storage/migrations';

describe('pendingMigrations', () => {
  it('applies v4 after v1 although v2 and v3 do not exist (yet)', () => {
    const versions = MIGRATIONS.map((m) => m.version);
    expect(versions).toContain(4);
    const pending = pendingMigrations([1]).map((m) => m.version);
    expect(pending).toEqual(versions.filter((v) => v !== 1).sort((a, b) => a - b));
    expect(pending).toContain(4);
  });

  it('applies a lower version that arrived after a higher one was applied, and nothing twice', () => {
    const versions = MIGRATIONS.map((m) => m.version);
    const applied: number[] = versions.filter((v) => v === 1 || v === 4);
    const pending = pendingMigrations(applied).map((m) => m.version);
    expect(pending).toEqual(versions.filter((v) => !applied.includes(v)).sort((a, b) => a - b));
    expect(pendingMigrations(versions)).toEqual([]);
  });

  it('has unique versions', () => {
    const versions = MIGRATIONS.map((m) => m.version);
    expect(new Set(versions).size).toBe(versions.length);
  });
});
