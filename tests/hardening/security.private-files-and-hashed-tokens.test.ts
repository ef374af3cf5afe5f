/**
 * The database is the owner's alone and holds nothing usable: the red team found `./var` 0755, the
 * SQLite file, `-wal` and `-shm` 0644, and `oidc_entries` keyed by the refresh tokens themselves (three
 * ids read from the file and posted to /oidc/token signed in as their users). Now: directory 0700,
 * files 0600 (also for a directory and files made before, under the usual umask), entries stored under
 * the SHA-256 of their id, and no id read from the file is accepted as a refresh token.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { providerInfo, refreshTokens, signIn } from '#helpers/oidc-login';
import { startTestServer, type TestServer } from '#helpers/test-server';
import { recordTally } from '#helpers/hardening/tally';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hardening-private-'));
const dbFile = path.join(dataDir, 'investments.sqlite');
let server: TestServer | undefined;

afterAll(async () => {
  await server?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const mode = (file: string) => fs.statSync(file).mode & 0o777;

describe('the data directory and the database', () => {
  it('are private: 0700 and 0600, even when made readable before; no stored id is a usable token', async () => {
    // As a previous version (or `mkdir`/`touch` under umask 022) left them.
    fs.chmodSync(dataDir, 0o755);
    fs.writeFileSync(dbFile, '');
    fs.chmodSync(dbFile, 0o644);
    server = await startTestServer({ DATA_DIR: dataDir });
    const signedIn = await signIn(server.url, {
      username: 'private-person',
      password: 'my own passphrase',
      createAccount: true,
    });
    expect(signedIn.refreshToken).toBeTruthy();

    expect(mode(dataDir)).toBe(0o700);
    for (const file of [dbFile, `${dbFile}-wal`, `${dbFile}-shm`]) expect(mode(file), file).toBe(0o600);

    // What someone who can read the file finds.
    const db = new Database(dbFile, { readonly: true, fileMustExist: true });
    const rows = db.prepare('SELECT model, id, payload FROM oidc_entries').all() as Array<{
      model: string;
      id: string;
      payload: string;
    }>;
    db.close();
    expect(rows.some((row) => row.model === 'RefreshToken')).toBe(true);
    const everything = JSON.stringify(rows);
    expect(everything).not.toContain(signedIn.refreshToken!);
    for (const row of rows.filter((r) => r.model !== 'Grant'))
      expect(row.id, row.model).toMatch(/^sha256:[A-Za-z0-9_-]{43}$/);

    // Posted as refresh tokens, none of the stored ids (nor any string in a payload) signs anyone in.
    const provider = await providerInfo(server.url);
    const candidates = new Set<string>();
    for (const row of rows) {
      candidates.add(row.id);
      candidates.add(row.id.replace(/^sha256:/, ''));
      for (const value of Object.values(JSON.parse(row.payload) as Record<string, unknown>)) {
        if (typeof value === 'string' && value.length >= 20) candidates.add(value);
      }
    }
    for (const candidate of candidates) {
      const response = await fetch(provider.tokenEndpoint, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          grant_type: 'refresh_token',
          refresh_token: candidate,
          client_id: provider.clientId,
        }).toString(),
      });
      expect(response.status, candidate).toBe(400);
      expect(((await response.json()) as { error: string }).error).toBe('invalid_grant');
    }

    // The real refresh token, which only its holder has, still renews.
    const renewed = await refreshTokens(server.url, signedIn.refreshToken!);
    expect(renewed.sub).toBe(signedIn.sub);
    recordTally({
      section: 'security',
      check: 'data dir 0700, database files 0600; token ids stored hashed: none read from the file is accepted',
      tried: candidates.size,
      held: candidates.size,
      requests: candidates.size + 1,
    });
  });
});
