/** `/api/transactions` GET and PUT over real HTTP: empty start, sorting, ETags, 412 on a stale If-Match. */
import { describe, expect, it } from 'vitest';
import type { TransactionsBody } from '#src/model/transaction';
import { serverForTheSuite, sqliteServer } from '#helpers/server-backends';
import type { TestServer } from '#helpers/test-server';
import {
  answeredBody,
  commission,
  dividend,
  stock,
  transactionsClient,
  transactionSet,
} from '#helpers/transactions-client';

let server: TestServer;
let api: ReturnType<typeof transactionsClient>;

serverForTheSuite(sqliteServer(), ['versions'], (started, { versions }) => {
  server = started;
  api = transactionsClient(server.url, versions.idToken);
});

interface Conflict {
  message: string;
  version: string;
}

describe('a new account', () => {
  it('gets empty lists at version "v0", not an error', async () => {
    const response = await api.get();
    expect(response.status).toBe(200);
    expect(response.etag).toBe('"v0"');
    expect(response.body).toEqual(answeredBody(transactionSet()));
    expect(response.headers.get('cache-control')).toBe('no-store');
  });
});

describe('saving', () => {
  const unsorted = transactionSet({
    stock: [
      stock('VWCE.DE', '2023-05-02', 3, 300),
      stock('AAPL', '2021-01-04', 10, 1290, { currency: 'USD', importId: 'degiro:1' }),
      stock('VWCE.DE', '2023-05-02', -1, -101),
    ],
    dividend: [dividend('AAPL', '2022-02-10', 2.05), dividend('AAPL', '2021-05-13', 2.0)],
    commission: [commission('AAPL', '2021-01-04', 0.5)],
  });
  const sorted = transactionSet({
    stock: [unsorted.stock[1]!, unsorted.stock[0]!, unsorted.stock[2]!],
    dividend: [unsorted.dividend[1]!, unsorted.dividend[0]!],
    commission: unsorted.commission,
  });

  it('stores the full set and returns each list sorted by date, same-day order kept', async () => {
    const put = await api.put({ transactions: unsorted }, { ifMatch: '"v0"' });
    expect(put.status).toBe(200);
    expect(put.etag).toBe('"v1"');
    expect(put.body).toEqual(answeredBody(sorted));

    const get = await api.get();
    expect(get.etag).toBe('"v1"');
    expect(get.body).toEqual(answeredBody(sorted));
  });

  it('moves to a new version with the current If-Match', async () => {
    const next = transactionSet({ stock: [stock('VWCE.DE', '2024-01-02', 1, 110)] });
    const put = await api.put({ transactions: next }, { ifMatch: '"v1"' });
    expect(put.status).toBe(200);
    expect(put.etag).toBe('"v2"');
  });

  it('refuses a stale If-Match with 412 and the current version, changing nothing', async () => {
    const before = await api.get();
    const put = await api.put<Conflict>({ transactions: transactionSet() }, { ifMatch: '"v1"' });
    expect(put.status).toBe(412);
    expect(put.etag).toBe('"v2"');
    expect(put.body.version).toBe('"v2"');
    expect(put.body.message).toMatch(/changed/);
    expect(await api.get()).toMatchObject({ etag: '"v2"', body: before.body });
  });

  it('refuses an If-Match it never issued', async () => {
    const put = await api.put<Conflict>({ transactions: transactionSet() }, { ifMatch: '"something-else"' });
    expect(put.status).toBe(412);
    expect(put.body.version).toBe('"v2"');
  });

  it('refuses a write without If-Match, or with If-Match: *, with 428 and a message; nothing is stored', async () => {
    const before = await api.get();
    for (const ifMatch of [null, '*']) {
      const put = await api.put<Conflict>({ transactions: transactionSet() }, { ifMatch });
      expect(put.status, `If-Match ${ifMatch}`).toBe(428);
      expect(put.body.message).toMatch(
        /^Send If-Match with the ETag of the transactions you are replacing .*Nothing was saved\.$/,
      );
    }
    expect(await api.get()).toMatchObject({ etag: before.etag, body: before.body });
    expect((await api.put({ transactions: transactionSet() }, { ifMatch: before.etag })).etag).toBe('"v3"');
  });
});

describe('concurrent saves from the same version', () => {
  it('let exactly one win; the others get 412 and nothing is lost silently', async () => {
    const { etag } = await api.get();
    const attempts = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        api.put<TransactionsBody | Conflict>(
          { transactions: transactionSet({ stock: [stock('AAPL', '2020-01-01', i + 1, 100)] }) },
          { ifMatch: etag! },
        ),
      ),
    );
    const winners = attempts.filter((a) => a.status === 200);
    expect(winners).toHaveLength(1);
    expect(attempts.filter((a) => a.status === 412)).toHaveLength(5);
    const stored = await api.get();
    expect(stored.etag).toBe(winners[0]!.etag);
    expect(stored.body).toEqual(winners[0]!.body);
  });
});
