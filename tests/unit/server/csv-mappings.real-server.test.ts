/**
 * Remembered CSV column mappings (migration 7) on the real server over HTTP, on SQLite and on PostgreSQL
 * (a fresh schema; skipped with a notice without DATABASE_URL, except under CI): none at first, saved
 * per user and header, replaced, the oldest forgotten past the limit, bad bodies refused with nothing
 * stored, the anti-forgery header required from a browser, and the rows really in the database.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { headerKey, MAX_HEADER_KEY_LENGTH, MAX_REMEMBERED_MAPPINGS, type CsvMapping } from '../../../src/model/csv-mapping';
import { Browser } from '../../helpers/browser';
import { signIn } from '../../helpers/oidc-login';
import { serverBackends, type ServerBackend } from '../../helpers/server-backends';
import type { TestServer } from '../../helpers/test-server';

const backends = serverBackends('csv mappings on PostgreSQL');

/** The stored rows, `user_id → header_key → mapping` as parsed JSON. */
async function storedRows(backend: ServerBackend): Promise<Record<string, Record<string, unknown>>> {
  const rows = await backend.query<{ user_id: string; header_key: string; mapping: unknown }>('SELECT user_id, header_key, mapping FROM csv_mappings');
  const byUser: Record<string, Record<string, unknown>> = {};
  for (const row of rows) (byUser[row.user_id] ??= {})[row.header_key] = backend.json(row.mapping);
  return byUser;
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
    let alice: { idToken: string; sub: string };
    let bob: { idToken: string; sub: string };

    beforeAll(async () => {
      server = await backend.start();
      [alice, bob] = await Promise.all([
        signIn(server.url, { username: 'alice', password: 'alice-secret', createAccount: true }),
        signIn(server.url, { username: 'bob', password: 'bob-secret!', createAccount: true }),
      ]);
    }, 60_000);
    afterAll(() => backend.stop());

    async function call(method: string, token: string | null, options: { header?: string; body?: string; contentType?: string } = {}) {
      const headers: Record<string, string> = { 'content-type': options.contentType ?? 'application/json' };
      if (token) headers.Authorization = token;
      const query = options.header === undefined ? '' : `?header=${encodeURIComponent(options.header)}`;
      const response = await fetch(`${server.url}/api/csv-mappings${query}`, { method, headers, ...(options.body === undefined ? {} : { body: options.body }) });
      return { status: response.status, body: (await response.json()) as { mapping?: unknown; message?: string; issues?: unknown[] } };
    }
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
      const headers = Array.from({ length: MAX_REMEMBERED_MAPPINGS + 2 }, (_, i) => headerKey(['date', 'ticker', `column ${i}`]));
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
        [{ header: brokerHeader, mapping: { ...mapping, columns: { ...mapping.columns, date: -1 } } }, /columns.date is a column number/],
        [{ header: brokerHeader, mapping: { ...mapping, columns: { ...mapping.columns, price: 3 } } }, /"price" is not a field/],
        [{ header: brokerHeader, mapping: { ...mapping, fixedCurrency: 'GBP' } }, /fixedCurrency is EUR or USD/],
        [{ header: brokerHeader, mapping, owner: 'bob' }, /"owner" is not expected/],
        [[brokerHeader, mapping], /Send \{"header"/],
      ];
      for (const [body, message] of refusals) {
        const answer = await put(alice.idToken, body);
        expect(answer.status, JSON.stringify(body).slice(0, 80)).toBe(400);
        expect(answer.body.message).toMatch(message);
      }
      expect((await call('PUT', alice.idToken, { body: '{"header":' })).status).toBe(400);
      expect((await call('PUT', alice.idToken, { body: 'header=x', contentType: 'application/x-www-form-urlencoded' })).status).toBe(415);
      expect((await put(alice.idToken, { header: brokerHeader, mapping, padding: 'x'.repeat(20_000) })).status).toBe(413);
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
          headers: { Authorization: bob.idToken, 'content-type': 'application/json', ...(xsrf ? { 'X-XSRF-TOKEN': browser.cookie('XSRF-TOKEN')! } : {}) },
          body: JSON.stringify({ header: brokerHeader, mapping }),
        });
      expect((await send(false)).status).toBe(403);
      expect((await get(bob.idToken, brokerHeader)).body).toEqual({ mapping: null });
      expect((await send(true)).status).toBe(200);
      expect((await get(bob.idToken, brokerHeader)).body).toEqual({ mapping });
    });
  });
}
