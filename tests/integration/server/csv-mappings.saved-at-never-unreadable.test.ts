/**
 * Issue 31, item 5 (the server's side): a mapping restored with `savedAt` 2100-12-31T23:59:59.999Z was
 * accepted; the next save stamped 2101-01-01, which the app's own reader (`checkRememberedMappings`,
 * shared from src/model) refuses, and from then the backup no longer exported or read. A restore with a
 * time in the future, or no time, is refused with 400 and nothing stored; after any sequence of restores
 * and saves every time the server lists passes the app's reader. On SQLite and PostgreSQL.
 */
import { describe, expect, it } from 'vitest';
import { checkRememberedMappings } from '#src/model/csv-mapping';
import { AMERICAN_MAPPING, EUROPEAN_MAPPING } from '#helpers/csv-mappings';
import type { SignedIn } from '#helpers/oidc-login';
import { serverBackends, serverForTheSuite } from '#helpers/server-backends';
import type { TestServer } from '#helpers/test-server';

for (const backend of serverBackends('csv mapping times on PostgreSQL')) {
  describe(`saved-at times of mappings on ${backend.name}`, () => {
    let server: TestServer;
    let user: SignedIn;
    serverForTheSuite(backend, ['time-traveller'], (started, users) => {
      server = started;
      user = users['time-traveller'];
    });
    const call = (method: string, path: string, body?: unknown) =>
      fetch(`${server.url}${path}`, {
        method,
        headers: { Authorization: user.idToken, 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });

    it.each([
      ['the last millisecond of 2100', '2100-12-31T23:59:59.999Z', /is in the future/],
      ['next year', `${new Date().getUTCFullYear() + 1}-01-01T00:00:00.000Z`, /is in the future/],
      ['not a time', 'yesterday', /is not a time/],
      ['before 2000', '1999-12-31T23:59:59.999Z', /is not a time/],
    ])('refuses a restore saved at %s, and stores nothing', async (_name, savedAt, message) => {
      const response = await call('PUT', '/api/csv-mappings/all', {
        mode: 'merge',
        mappings: [{ header: `date,ticker,${savedAt}`, mapping: AMERICAN_MAPPING, savedAt }],
      });
      expect(response.status).toBe(400);
      expect(((await response.json()) as { message: string }).message).toMatch(message);
      const listed = (await (await call('GET', '/api/csv-mappings/all')).json()) as { mappings: unknown[] };
      expect(listed.mappings).toEqual([]);
    });

    it("every time it lists after restores and saves passes the app's own reader", async () => {
      const restored = await call('PUT', '/api/csv-mappings/all', {
        mode: 'replace',
        mappings: [{ header: 'a,b,c', mapping: AMERICAN_MAPPING, savedAt: '2025-06-01T10:00:00.000Z' }],
      });
      expect(restored.status).toBe(200);
      await call('PUT', '/api/csv-mappings/all', {
        mode: 'merge',
        mappings: [{ header: 'x,y', mapping: AMERICAN_MAPPING, savedAt: '2100-12-31T23:59:59.999Z' }],
      });
      expect((await call('PUT', '/api/csv-mappings', { header: 'd,e,f', mapping: EUROPEAN_MAPPING })).status).toBe(200);
      const listed = (await (await call('GET', '/api/csv-mappings/all')).json()) as { mappings: unknown };
      const read = checkRememberedMappings(listed.mappings, { nowMs: Date.now() });
      expect(read).toMatchObject({ ok: true });
      if (read.ok) {
        expect(read.value.map((m) => m.header)).toEqual(['d,e,f', 'a,b,c']);
        for (const { savedAt } of read.value) expect(Date.parse(savedAt)).toBeLessThanOrEqual(Date.now());
      }
    });
  });
}
