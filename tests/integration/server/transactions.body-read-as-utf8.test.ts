/**
 * A `PUT /api/transactions` body is read as the Fetch API reads UTF-8 text, as it was before the server
 * kept the scanned body's text (`server/http/scanned-body.ts`): a leading byte order mark is no part of the
 * JSON, and a character whose bytes arrive in two pieces of the body is read whole.
 */
import http from 'node:http';
import { describe, expect, it } from 'vitest';
import { serverForTheSuite, sqliteServer } from '#helpers/server-backends';
import type { TestServer } from '#helpers/test-server';
import {
  answeredBody,
  currentTransactionsEtag,
  stock,
  transactionsClient,
  transactionSet,
} from '#helpers/transactions-client';

let server: TestServer;
let idToken: string;

serverForTheSuite(sqliteServer(), ['utf8'], (started, { utf8 }) => {
  server = started;
  ({ idToken } = utf8);
});

describe('the body as UTF-8 text', () => {
  it('reads a body that starts with a byte order mark as the JSON after it', async () => {
    const api = transactionsClient(server.url, idToken);
    const set = transactionSet({ stock: [stock('VWCE.DE', '2023-05-02', 3, 300, { product: 'Vanguard FTSE' })] });
    const answer = await api.put(`\uFEFF${JSON.stringify({ transactions: set })}`);
    expect(answer.status).toBe(200);
    expect((await api.get()).body).toEqual(answeredBody(set));
  });

  it('reads a character whose bytes arrive in two pieces', async () => {
    const set = transactionSet({ stock: [stock('VWCE.DE', '2023-05-02', 3, 300, { product: 'Société 株式会社 😀' })] });
    const bytes = Buffer.from(JSON.stringify({ transactions: set }));
    const cut = bytes.indexOf(Buffer.from('株')) + 1;
    const etag = await currentTransactionsEtag(server.url, idToken);
    const status = await new Promise<number>((resolve, reject) => {
      const request = http.request(
        `${server.url}/api/transactions`,
        { method: 'PUT', headers: { Authorization: idToken, 'content-type': 'application/json', 'if-match': etag } },
        (response) => {
          response.resume();
          response.on('end', () => resolve(response.statusCode ?? 0));
        },
      );
      request.on('error', reject);
      // Chunked, the two pieces apart in time: the server reads them as two chunks.
      request.write(bytes.subarray(0, cut));
      setTimeout(() => request.end(bytes.subarray(cut)), 50);
    });
    expect(status).toBe(200);
    expect((await transactionsClient(server.url, idToken).get()).body).toEqual(answeredBody(set));
  });
});
