/**
 * Remembered CSV column mappings (migration 7) on the real server over HTTP, on SQLite and on PostgreSQL
 * (a fresh schema; skipped with a notice without DATABASE_URL, except under CI): none at first, saved
 * per user and header, replaced, the oldest forgotten past the limit, bad bodies refused with nothing
 * stored, the anti-forgery header required from a browser, and the rows really in the database. And
 * for the JSON backup: every mapping listed with its saved-at time, restored by merge (the user's own
 * wins for a header both have) and by replace (the backup's only), bad lists refused with nothing stored.
 */
import http from 'node:http';
import { describe, expect, it } from 'vitest';
import {
  headerKey,
  MAX_HEADER_KEY_LENGTH,
  MAX_REMEMBERED_MAPPINGS,
  type CsvMapping,
  type RememberedMapping,
} from '#src/model/csv-mapping';
import { MAX_CSV_MAPPINGS_RESTORE_BYTES } from '#server/csv-mappings/csv-mapping-routes';
import { Browser } from '#helpers/browser';
import { signIn, type SignedIn } from '#helpers/oidc-login';
import { serverBackends, serverForTheSuite, type ServerBackend } from '#helpers/server-backends';
import type { TestServer } from '#helpers/test-server';

const backends = serverBackends('csv mappings on PostgreSQL');

/** The stored rows, `user_id → header_key → mapping` as parsed JSON. */
async function storedRows(backend: ServerBackend): Promise<Record<string, Record<string, unknown>>> {
  const rows = await backend.query<{ user_id: string; header_key: string; mapping: unknown }>(
    'SELECT user_id, header_key, mapping FROM csv_mappings',
  );
  const byUser: Record<string, Record<string, unknown>> = {};
  for (const row of rows) (byUser[row.user_id] ??= {})[row.header_key] = backend.json(row.mapping);
  return byUser;
}

/**
 * The answer to a PUT whose Content-Length is over the limit: the server answers 413 before reading the
 * body and may close the connection while the body is still being sent (which fetch reports as a failed
 * request), so the answer is read as it arrives and a broken write is not an error here.
 */
function answerToOversizedPut(
  url: string,
  idToken: string,
  body: string,
): Promise<{ status: number; message: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      {
        method: 'PUT',
        headers: {
          Authorization: idToken,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
        },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, message: (JSON.parse(text) as { message: string }).message }),
        );
        response.on('error', reject);
      },
    );
    request.on('error', () => {});
    request.end(body);
  });
}

const brokerHeader = headerKey(['Datum', 'Symbool', 'Soort', 'Aantal', 'Bedrag', 'Valuta', 'Kosten']);
const mapping: CsvMapping = {
  delimiter: ';',
  columns: { date: 0, ticker: 1, type: 2, amount: 3, value: 4, currency: 5, tax: null, fees: 6 },
  fixedCurrency: 'EUR',
  dateOrder: 'DMY',
  decimalMark: ',',
};

for (const backend of backends) {
  describe(`/api/csv-mappings on ${backend.name}`, () => {
    let server: TestServer;
    let alice: SignedIn;
    let bob: SignedIn;
    serverForTheSuite(backend, ['alice', 'bob'], (started, users) => {
      server = started;
      ({ alice, bob } = users);
    });

    async function call(
      method: string,
      token: string | null,
      options: { header?: string; body?: string; contentType?: string; path?: string } = {},
    ) {
      const headers: Record<string, string> = { 'content-type': options.contentType ?? 'application/json' };
      if (token) headers.Authorization = token;
      const query = options.header === undefined ? '' : `?header=${encodeURIComponent(options.header)}`;
      const response = await fetch(`${server.url}/api/csv-mappings${options.path ?? ''}${query}`, {
        method,
        headers,
        ...(options.body === undefined ? {} : { body: options.body }),
      });
      return {
        status: response.status,
        body: (await response.json()) as {
          mapping?: unknown;
          mappings?: RememberedMapping[];
          message?: string;
          issues?: unknown[];
        },
      };
    }
    const listAll = async (token: string) => (await call('GET', token, { path: '/all' })).body.mappings;
    const restoreAll = (token: string, body: unknown) =>
      call('PUT', token, { path: '/all', body: JSON.stringify(body) });
    const get = (token: string, header: string) => call('GET', token, { header });
    const put = (token: string, body: unknown) => call('PUT', token, { body: JSON.stringify(body) });

    it('refuses a caller without an ID token', async () => {
      expect((await call('GET', null, { header: brokerHeader })).status).toBe(401);
      expect((await call('PUT', null, { body: JSON.stringify({ header: brokerHeader, mapping }) })).status).toBe(401);
    });

    it('knows no mapping at first, and stores nothing for reading', async () => {
      expect(await get(alice.idToken, brokerHeader)).toEqual({ status: 200, body: { mapping: null } });
      expect(await storedRows(backend)).toEqual({});
    });

    it('remembers a mapping per user and header, and replaces it when saved again', async () => {
      expect(await put(alice.idToken, { header: brokerHeader, mapping })).toEqual({ status: 200, body: { mapping } });
      expect(await get(alice.idToken, brokerHeader)).toEqual({ status: 200, body: { mapping } });
      expect((await get(bob.idToken, brokerHeader)).body).toEqual({ mapping: null });
      expect((await get(alice.idToken, headerKey(['Date', 'Ticker']))).body).toEqual({ mapping: null });

      const corrected: CsvMapping = { ...mapping, dateOrder: 'MDY', columns: { ...mapping.columns, fees: null } };
      expect((await put(alice.idToken, { header: brokerHeader, mapping: corrected })).status).toBe(200);
      expect((await get(alice.idToken, brokerHeader)).body).toEqual({ mapping: corrected });
      expect(await storedRows(backend)).toEqual({ [alice.sub]: { [brokerHeader]: corrected } });
    });

    it(`keeps the ${MAX_REMEMBERED_MAPPINGS} most recently saved headers of a user`, async () => {
      const headers = Array.from({ length: MAX_REMEMBERED_MAPPINGS + 2 }, (_, i) =>
        headerKey(['date', 'ticker', `column ${i}`]),
      );
      for (const header of headers) expect((await put(bob.idToken, { header, mapping })).status).toBe(200);
      const stored = (await storedRows(backend))[bob.sub]!;
      expect(Object.keys(stored)).toHaveLength(MAX_REMEMBERED_MAPPINGS);
      expect((await get(bob.idToken, headers[0]!)).body).toEqual({ mapping: null });
      expect((await get(bob.idToken, headers.at(-1)!)).body).toEqual({ mapping });
      // Alice's one mapping is not counted with Bob's.
      expect((await get(alice.idToken, brokerHeader)).body.mapping).not.toBeNull();
    });

    it('refuses a bad request with the reason, and stores nothing', async () => {
      const before = await storedRows(backend);
      const refusals: Array<[unknown, RegExp]> = [
        [{ header: brokerHeader }, /mapping is not valid: send it as a JSON object/],
        [{ mapping }, /header is missing/],
        [{ header: 'x'.repeat(MAX_HEADER_KEY_LENGTH + 1), mapping }, /longer than 4000 characters/],
        [{ header: brokerHeader, mapping: { ...mapping, dateOrder: 'DDMMYYYY' } }, /dateOrder is one of YMD, DMY, MDY/],
        [
          { header: brokerHeader, mapping: { ...mapping, columns: { ...mapping.columns, date: -1 } } },
          /columns.date is a column number/,
        ],
        [
          { header: brokerHeader, mapping: { ...mapping, columns: { ...mapping.columns, price: 3 } } },
          /"price" is not a field/,
        ],
        [
          { header: brokerHeader, mapping: { ...mapping, fixedCurrency: 'GBX' } },
          /fixedCurrency: "GBX" is not an ISO 4217 currency code/,
        ],
        [{ header: brokerHeader, mapping, owner: 'bob' }, /"owner" is not expected/],
        [[brokerHeader, mapping], /Send \{"header"/],
      ];
      for (const [body, message] of refusals) {
        const answer = await put(alice.idToken, body);
        expect(answer.status, JSON.stringify(body).slice(0, 80)).toBe(400);
        expect(answer.body.message).toMatch(message);
      }
      expect((await call('PUT', alice.idToken, { body: '{"header":' })).status).toBe(400);
      expect(
        (await call('PUT', alice.idToken, { body: 'header=x', contentType: 'application/x-www-form-urlencoded' }))
          .status,
      ).toBe(415);
      expect((await put(alice.idToken, { header: brokerHeader, mapping, padding: 'x'.repeat(20_000) })).status).toBe(
        413,
      );
      expect((await call('GET', alice.idToken)).status).toBe(400);
      expect((await call('DELETE', alice.idToken)).status).toBe(405);
      expect(await storedRows(backend)).toEqual(before);
    });

    it('from a browser, a write needs the anti-forgery header', async () => {
      const browser = new Browser();
      await browser.get(`${server.url}/`);
      const send = (xsrf: boolean) =>
        browser.request(`${server.url}/api/csv-mappings`, {
          method: 'PUT',
          headers: {
            Authorization: bob.idToken,
            'content-type': 'application/json',
            ...(xsrf ? { 'X-XSRF-TOKEN': browser.cookie('XSRF-TOKEN')! } : {}),
          },
          body: JSON.stringify({ header: brokerHeader, mapping }),
        });
      expect((await send(false)).status).toBe(403);
      expect((await get(bob.idToken, brokerHeader)).body).toEqual({ mapping: null });
      expect((await send(true)).status).toBe(200);
      expect((await get(bob.idToken, brokerHeader)).body).toEqual({ mapping });
    });
    it('lists every mapping with its saved-at time for the backup, and restores a list by merge and by replace', async () => {
      const carol = await signIn(server.url, { username: 'carol', password: 'carol-secret', createAccount: true });
      expect(await listAll(carol.idToken)).toEqual([]);
      const ownHeader = headerKey(['Date', 'Ticker', 'Side']);
      const before = Date.now();
      expect((await put(carol.idToken, { header: brokerHeader, mapping })).status).toBe(200);
      expect((await put(carol.idToken, { header: ownHeader, mapping: { ...mapping, delimiter: ',' } })).status).toBe(
        200,
      );
      const listed = (await listAll(carol.idToken))!;
      // Most recently saved first, each with the server's time of its save.
      expect(listed.map((m) => m.header)).toEqual([ownHeader, brokerHeader]);
      expect(listed[1]!.mapping).toEqual(mapping);
      for (const m of listed) expect(Date.parse(m.savedAt)).toBeGreaterThanOrEqual(before - 1);

      const backupHeader = headerKey(['Trade Date', 'Symbol', 'Action']);
      const fromBackup: RememberedMapping[] = [
        { header: brokerHeader, mapping: { ...mapping, dateOrder: 'YMD' }, savedAt: '2024-01-02T03:04:05.000Z' },
        { header: backupHeader, mapping: { ...mapping, decimalMark: '.' }, savedAt: '2023-06-01T00:00:00.000Z' },
      ];
      // Merge: the backup's header the user lacks is added with its time; for the header both have, the user's own stays.
      const merged = await restoreAll(carol.idToken, { mode: 'merge', mappings: fromBackup });
      expect(merged.status).toBe(200);
      expect(merged.body.mappings).toEqual([...listed, fromBackup[1]]);
      expect((await get(carol.idToken, brokerHeader)).body).toEqual({ mapping });
      expect((await storedRows(backend))[carol.sub]).toEqual({
        [ownHeader]: { ...mapping, delimiter: ',' },
        [brokerHeader]: mapping,
        [backupHeader]: fromBackup[1]!.mapping,
      });

      // Replace: the backup's, exactly; the user's own header is forgotten.
      const replaced = await restoreAll(carol.idToken, { mode: 'replace', mappings: fromBackup });
      expect(replaced).toEqual({ status: 200, body: { mappings: fromBackup } });
      expect((await storedRows(backend))[carol.sub]).toEqual({
        [brokerHeader]: fromBackup[0]!.mapping,
        [backupHeader]: fromBackup[1]!.mapping,
      });
      // A save after a restore is the most recent, whatever the backup's times.
      expect((await put(carol.idToken, { header: backupHeader, mapping })).status).toBe(200);
      expect((await listAll(carol.idToken))!.map((m) => m.header)).toEqual([backupHeader, brokerHeader]);
      // Replace with none: the user has none.
      expect(await restoreAll(carol.idToken, { mode: 'replace', mappings: [] })).toEqual({
        status: 200,
        body: { mappings: [] },
      });
      // Other users keep theirs.
      expect((await get(alice.idToken, brokerHeader)).body.mapping).not.toBeNull();
    });

    it('refuses a bad list to restore with the reason, and stores nothing', async () => {
      const before = await storedRows(backend);
      const good = { header: brokerHeader, mapping, savedAt: '2024-01-02T03:04:05.000Z' };
      const refusals: Array<[unknown, RegExp]> = [
        [{ mappings: [good] }, /The mode is "merge" or "replace"/],
        [{ mode: 'overwrite', mappings: [good] }, /The mode is "merge" or "replace"/],
        [{ mode: 'replace' }, /expected a list/],
        [{ mode: 'replace', mappings: [good, good] }, /mapping 2: its header is remembered twice/],
        [
          { mode: 'replace', mappings: [{ ...good, savedAt: 'yesterday' }] },
          /mapping 1: savedAt "yesterday" is not a time/,
        ],
        [{ mode: 'replace', mappings: [{ ...good, savedAt: '1970-01-01T00:00:00.000Z' }] }, /savedAt .* is not a time/],
        [
          { mode: 'replace', mappings: [{ ...good, mapping: { ...mapping, decimalMark: ';' } }] },
          /mapping 1: The mapping is not valid: decimalMark/,
        ],
        [{ mode: 'replace', mappings: [{ ...good, header: '' }] }, /mapping 1: The header is missing/],
        [
          { mode: 'replace', mappings: [{ ...good, owner: 'bob' }] },
          /"owner", which is not part of a remembered mapping/,
        ],
        [
          {
            mode: 'replace',
            mappings: Array.from({ length: MAX_REMEMBERED_MAPPINGS + 1 }, (_, i) => ({ ...good, header: `h${i}` })),
          },
          /51 mappings, at most 50/,
        ],
        [{ mode: 'replace', mappings: [], user: alice.sub }, /"user" is not expected/],
        [[good], /Send \{"mode"/],
      ];
      for (const [body, message] of refusals) {
        const answer = await restoreAll(alice.idToken, body);
        expect(answer.status, JSON.stringify(body).slice(0, 80)).toBe(400);
        expect(answer.body.message).toMatch(message);
      }
      const oversized = JSON.stringify({
        mode: 'replace',
        mappings: [],
        padding: 'x'.repeat(MAX_CSV_MAPPINGS_RESTORE_BYTES),
      });
      expect(await answerToOversizedPut(`${server.url}/api/csv-mappings/all`, alice.idToken, oversized)).toEqual({
        status: 413,
        message: `The mappings are larger than ${MAX_CSV_MAPPINGS_RESTORE_BYTES} bytes; nothing was saved.`,
      });
      expect(
        (await call('PUT', null, { path: '/all', body: JSON.stringify({ mode: 'replace', mappings: [] }) })).status,
      ).toBe(401);
      expect((await call('DELETE', alice.idToken, { path: '/all' })).status).toBe(405);
      expect(await storedRows(backend)).toEqual(before);
    });
  });
}
