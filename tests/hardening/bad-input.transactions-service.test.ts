/**
 * Hundreds of generated malformed requests to `PUT /api/transactions` on the real server: each gets a
 * clear 4xx with a JSON `message` naming the problem (and the offending path among `issues`), a bounded
 * answer, and leaves the stored set byte-for-byte and version-for-version as it was. The hand-written
 * cases of `tests/integration/server/transactions.rejects-bad-bodies.test.ts` prove the same for a dozen bodies.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '#helpers/oidc-login';
import { startTestServer, type TestServer } from '#helpers/test-server';
import {
  malformedTransactionRequests,
  VALID_BODY,
  type MalformedRequest,
} from '#helpers/hardening/malformed-transactions';
import { expectUnchanged, readStoredBytes, type StoredBytes } from '#helpers/hardening/stored-bytes';
import { recordTally } from '#helpers/hardening/tally';

/** The largest refusal we accept: the issue list is capped, long texts clipped. */
const MAX_REFUSAL_BYTES = 64 * 1024;

let server: TestServer;
let idToken: string;
let before: StoredBytes;
const requests = malformedTransactionRequests();
let held = 0;

beforeAll(async () => {
  server = await startTestServer();
  ({ idToken } = await signIn(server.url, {
    username: 'bad-input',
    password: 'bad-input-secret',
    createAccount: true,
  }));
  const saved = await send({
    name: 'the set to protect',
    body: VALID_BODY,
    headers: { 'if-match': '"v0"' },
    expected: { status: 200, message: /./ },
  });
  expect(saved.status).toBe(200);
  before = await readStoredBytes(server.url, idToken);
  expect(before.etag).toBe('"v1"');
});

afterAll(async () => {
  recordTally({
    section: 'bad input',
    check: 'malformed PUT /api/transactions → 4xx, JSON message naming the problem, stored bytes and ETag unchanged',
    tried: requests.length,
    held,
    requests: requests.length * 2,
  });
  await server?.close();
});

async function send(request: MalformedRequest): Promise<Response> {
  const headers: Record<string, string> = { Authorization: idToken, ...request.headers };
  if (request.contentType !== null) headers['content-type'] = request.contentType ?? 'application/json';
  const { body } = request;
  // A string body would make fetch add `text/plain`: send bytes when the case wants no content type.
  const payload =
    typeof body === 'function'
      ? body()
      : typeof body === 'string' && request.contentType === null
        ? new TextEncoder().encode(body)
        : body;
  return fetch(`${server.url}/api/transactions`, {
    method: request.method ?? 'PUT',
    headers,
    body: payload,
    ...(typeof body === 'function' ? { duplex: 'half' } : {}),
  } as RequestInit);
}

describe('each malformed request is refused clearly and changes nothing', () => {
  it('generates at least 200 of them, each named once', () => {
    expect(requests.length).toBeGreaterThanOrEqual(200);
    expect(new Set(requests.map((r) => r.name)).size).toBe(requests.length);
  });

  it.each(requests.map((request) => [request.name, request] as const))('%s', async (name, request) => {
    const response = await send(request);
    const text = await response.text();
    expect(response.status, `${name}: ${text.slice(0, 300)}`).toBe(request.expected.status);
    expect(response.headers.get('content-type'), name).toMatch(/^application\/json/);
    expect(text.length, `${name}: the refusal is ${text.length} bytes`).toBeLessThanOrEqual(MAX_REFUSAL_BYTES);
    const refusal = JSON.parse(text) as { message?: unknown; issues?: Array<{ path: string; message: string }> };
    expect(typeof refusal.message, name).toBe('string');
    expect(refusal.message, name).toMatch(request.expected.message);
    if (request.expected.issuePath !== undefined) {
      expect(
        refusal.issues?.map((issue) => issue.path),
        name,
      ).toContain(request.expected.issuePath);
    }
    expectUnchanged(await readStoredBytes(server.url, idToken), before, name);
    held += 1;
  });
});

it('sees a real change: a valid write after all of them moves the version and the bytes', async () => {
  const changed = VALID_BODY.replace('300.5', '301.5');
  const response = await send({
    name: 'control',
    body: changed,
    headers: { 'if-match': before.etag! },
    expected: { status: 200, message: /./ },
  });
  expect(response.status).toBe(200);
  const after = await readStoredBytes(server.url, idToken);
  expect(after.etag).toBe('"v2"');
  expect(after.bytes.equals(before.bytes)).toBe(false);
});
