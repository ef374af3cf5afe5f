/**
 * Two real users through the real provider; each in turn attacks the other's set with every request we
 * could think of: query strings and path tricks naming the victim, identity headers a proxy might trust,
 * method overrides, body fields, two Authorization headers on one raw request, and tokens forged with
 * the victim's `sub`. Neither ever sees a byte of the other's set nor moves its version. Sign-in tricks
 * (the victim's name in other case, with spaces, in look-alike letters) never yield the victim's `sub`.
 * `tests/integration/server/transactions.isolation-between-users.test.ts` proves the plain case.
 */
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { foreignSigningKey, mintIdToken, unsignedIdToken } from '#helpers/id-tokens';
import { providerInfo, signIn, SignInRefused } from '#helpers/oidc-login';
import { startTestServer, type TestServer } from '#helpers/test-server';
import { currentTransactionsEtag } from '#helpers/transactions-client';
import { expectUnchanged, readStoredBytes } from '#helpers/hardening/stored-bytes';
import { recordTally } from '#helpers/hardening/tally';

interface User {
  username: string;
  password: string;
  idToken: string;
  sub: string;
  /** A ticker only this user's set holds: finding it in the other's answer is a leak. */
  marker: string;
}

let server: TestServer;
let alice: User;
let bob: User;
let attempts = 0;
let held = 0;

const bodyOf = (marker: string) =>
  JSON.stringify({
    transactions: {
      stock: [{ ticker: marker, type: 'stock', date: '2022-03-01', amount: 10, value: 1000, currency: 'EUR' }],
      dividend: [],
      commission: [],
    },
  });

/** Stores the user's marked set (again: the user's own attack round replaced it with its own writes). */
async function saveMarkedSet(user: Pick<User, 'idToken' | 'marker'>): Promise<void> {
  const saved = await fetch(`${server.url}/api/transactions`, {
    method: 'PUT',
    headers: {
      Authorization: user.idToken,
      'content-type': 'application/json',
      'if-match': await currentTransactionsEtag(server.url, user.idToken),
    },
    body: bodyOf(user.marker),
  });
  expect(saved.status).toBe(200);
}

async function register(username: string, password: string, marker: string): Promise<User> {
  const { idToken, sub } = await signIn(server.url, { username, password, createAccount: true });
  await saveMarkedSet({ idToken, marker });
  return { username, password, idToken, sub, marker };
}

beforeAll(async () => {
  server = await startTestServer();
  [alice, bob] = await Promise.all([
    register('alice', 'alice-secret-1', 'ALICEONLY.DE'),
    register('bob', 'bob-secret-22', 'BOBONLY.DE'),
  ]);
});

afterAll(async () => {
  recordTally({
    section: 'security',
    check:
      "two real users: requests naming the other's subject (query, path, headers, body, duplicate Authorization, forged sub) → no byte of the other's set read or changed",
    tried: attempts,
    held,
    requests: attempts,
  });
  await server?.close();
});

interface Attempt {
  name: string;
  method: 'GET' | 'PUT' | 'POST';
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

/** The requests `attacker` tries against `victim`, with the attacker's own genuine token unless said otherwise. */
function attemptsAgainst(attacker: User, victim: User): Attempt[] {
  const sub = encodeURIComponent(victim.sub);
  const write = bodyOf(`${attacker.marker.slice(0, 3)}OWNED.DE`);
  const list: Attempt[] = [];
  for (const query of [
    `sub=${sub}`,
    `user=${sub}`,
    `userId=${sub}`,
    `user_id=${sub}`,
    `as=${sub}`,
    `username=${victim.username}`,
    `sub=${sub}&sub=${sub}`,
  ]) {
    list.push({ name: `GET ?${query}`, method: 'GET', path: `/api/transactions?${query}` });
    list.push({ name: `PUT ?${query}`, method: 'PUT', path: `/api/transactions?${query}`, body: write });
  }
  for (const path of [
    `/api/transactions/${sub}`,
    `/api/transactions/../transactions?sub=${sub}`,
    `/api//transactions?sub=${sub}`,
    `/API/transactions?sub=${sub}`,
    `/api/transactions/?sub=${sub}`,
    `/api/transactions;sub=${sub}`,
    `/api/transactions%2F${sub}`,
    `/api/%74ransactions?sub=${sub}`,
    `/api/users/${sub}/transactions`,
    `/oidc/../api/transactions?sub=${sub}`,
  ]) {
    list.push({ name: `GET ${path}`, method: 'GET', path });
    list.push({ name: `PUT ${path}`, method: 'PUT', path, body: write });
  }
  for (const [header, value] of [
    ['X-User-Id', victim.sub],
    ['X-Sub', victim.sub],
    ['X-Forwarded-User', victim.username],
    ['X-Remote-User', victim.username],
    ['X-Auth-Request-User', victim.sub],
    ['X-Original-URL', `/api/transactions?sub=${sub}`],
    ['X-Rewrite-URL', `/api/transactions/${sub}`],
    ['X-HTTP-Method-Override', 'PUT'],
    ['Cookie', `sub=${sub}; user=${victim.username}`],
    ['Forwarded', `for=127.0.0.1;by=${victim.username}`],
  ] as const) {
    list.push({ name: `GET with ${header}`, method: 'GET', path: '/api/transactions', headers: { [header]: value } });
    list.push({
      name: `PUT with ${header}`,
      method: 'PUT',
      path: '/api/transactions',
      headers: { [header]: value },
      body: write,
    });
  }
  const withSub = (extra: Record<string, string>) => JSON.stringify({ ...(JSON.parse(write) as object), ...extra });
  list.push({
    name: 'PUT with sub in the body',
    method: 'PUT',
    path: '/api/transactions',
    body: withSub({ sub: victim.sub }),
  });
  list.push({
    name: 'PUT with userId in the body',
    method: 'PUT',
    path: '/api/transactions',
    body: withSub({ userId: victim.sub }),
  });
  list.push({ name: 'POST /api/transactions', method: 'POST', path: '/api/transactions', body: write });
  list.push({
    name: 'GET with the victim sub appended to the token',
    method: 'GET',
    path: '/api/transactions',
    headers: { Authorization: `${attacker.idToken},${victim.sub}` },
  });
  return list;
}

async function forgedWithVictimSub(victim: User): Promise<Attempt[]> {
  const { issuer, clientId } = await providerInfo(server.url);
  const claims = { iss: issuer, aud: clientId, sub: victim.sub };
  const forged: Array<[string, string]> = [
    ['a token with the victim sub signed by another key', await mintIdToken(await foreignSigningKey(), claims)],
    ['an unsigned token with the victim sub', unsignedIdToken(claims)],
  ];
  return forged.flatMap(([name, token]) => [
    { name: `GET with ${name}`, method: 'GET' as const, path: '/api/transactions', headers: { Authorization: token } },
    {
      name: `PUT with ${name}`,
      method: 'PUT' as const,
      path: '/api/transactions',
      headers: { Authorization: token },
      body: bodyOf('FORGED.DE'),
    },
  ]);
}

/** One raw HTTP/1.1 request with two Authorization headers, as no fetch would send it. */
function rawRequestWithTwoAuthorizations(first: string, second: string): Promise<{ status: number; body: string }> {
  const { hostname, port } = new URL(server.url);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), hostname);
    let data = '';
    socket.on('data', (chunk) => (data += chunk.toString('utf8')));
    socket.on('error', reject);
    socket.on('end', () => {
      const [head = '', body = ''] = data.split('\r\n\r\n');
      resolve({ status: Number(head.split(' ')[1]), body });
    });
    socket.write(
      `GET /api/transactions HTTP/1.1\r\nHost: ${hostname}\r\nAuthorization: ${first}\r\nAuthorization: ${second}\r\nConnection: close\r\n\r\n`,
    );
  });
}

function describeAttacks(attackerName: 'alice' | 'bob') {
  describe(`${attackerName} against the other`, () => {
    it('reads nothing of the victim and changes nothing of the victim', async () => {
      const attacker = attackerName === 'alice' ? alice : bob;
      const victim = attackerName === 'alice' ? bob : alice;
      await saveMarkedSet(victim);
      const before = await readStoredBytes(server.url, victim.idToken);
      expect(before.bytes.toString('utf8'), 'the marker must be findable in the victim set').toContain(victim.marker);
      const list = [...attemptsAgainst(attacker, victim), ...(await forgedWithVictimSub(victim))];
      for (const attempt of list) {
        attempts += 1;
        const response = await fetch(`${server.url}${attempt.path}`, {
          method: attempt.method,
          headers: { Authorization: attacker.idToken, 'content-type': 'application/json', ...attempt.headers },
          body: attempt.body,
        });
        const text = await response.text();
        expect(text, `${attempt.name} leaked the victim's set (${response.status})`).not.toContain(victim.marker);
        expect(response.status, `${attempt.name}: answered ${response.status}`).toBeLessThan(500);
        expectUnchanged(await readStoredBytes(server.url, victim.idToken), before, attempt.name);
        held += 1;
      }
      for (const [first, second] of [
        [attacker.idToken, victim.sub],
        [unsignedIdToken({ iss: 'x', aud: 'y', sub: victim.sub }), attacker.idToken],
      ] as const) {
        attempts += 1;
        const { status, body } = await rawRequestWithTwoAuthorizations(first, second);
        expect(body, `two Authorization headers (${status}) leaked the victim's set`).not.toContain(victim.marker);
        held += 1;
      }
      expectUnchanged(await readStoredBytes(server.url, victim.idToken), before, 'after every attempt');
    });
  });
}

describeAttacks('alice');
describeAttacks('bob');

describe('sign-in tricks never yield the victim subject', () => {
  it.each([
    ['the name in capitals with its password', 'ALICE', 'alice-secret-1', 'same person'],
    ['the name with the other user password', 'alice', 'bob-secret-22', 'refused'],
    ['the name in capitals, registered anew', 'ALICE', 'new-password-1', 'register'],
    ['the name with a trailing space, registered anew', 'alice ', 'new-password-2', 'register'],
    ['the name with a Cyrillic a, registered anew', '\u0430lice', 'new-password-3', 'register'],
  ] as const)('%s', async (_name, username, password, kind) => {
    attempts += 1;
    let sub: string | undefined;
    try {
      ({ sub } = await signIn(server.url, { username, password, createAccount: kind === 'register' }));
    } catch (error) {
      if (!(error instanceof SignInRefused)) throw error;
    }
    if (kind === 'same person') expect(sub).toBe(alice.sub);
    else expect(sub === undefined || sub !== alice.sub, `${username} got alice's subject`).toBe(true);
    if (kind === 'refused') expect(sub).toBeUndefined();
    held += 1;
  });
});
