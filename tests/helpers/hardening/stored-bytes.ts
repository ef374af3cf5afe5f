/**
 * The stored transaction set as the server sends it, byte for byte, with its ETag: the proof that a
 * refused or failed request left nothing behind is that these bytes and this version did not change.
 */
import { expect } from 'vitest';

export interface StoredBytes {
  status: number;
  etag: string | null;
  bytes: Buffer;
}

export async function readStoredBytes(baseUrl: string, idToken: string): Promise<StoredBytes> {
  const response = await fetch(`${baseUrl}/api/transactions`, { headers: { Authorization: idToken } });
  return {
    status: response.status,
    etag: response.headers.get('etag'),
    bytes: Buffer.from(await response.arrayBuffer()),
  };
}

/** Fails with the case's name when the set or its version moved. */
export function expectUnchanged(after: StoredBytes, before: StoredBytes, caseName: string): void {
  expect(after.status, `${caseName}: GET after it`).toBe(200);
  expect(after.etag, `${caseName}: the version moved`).toBe(before.etag);
  expect(after.bytes.equals(before.bytes), `${caseName}: the stored bytes changed`).toBe(true);
}
