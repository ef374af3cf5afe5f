/**
 * Weak passwords are refused at account creation (the red team had `12345678`, the username, 8 spaces
 * and 8 NULs accepted), and the create-account form does not say which usernames exist: a taken name
 * and a reserved one get the same words, while the owner typing their own name and password is signed in.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, SignInRefused } from '#helpers/oidc-login';
import { startTestServer, type TestServer } from '#helpers/test-server';
import { recordTally } from '#helpers/hardening/tally';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

async function refusal(promise: Promise<unknown>): Promise<SignInRefused> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(SignInRefused);
  return error as SignInRefused;
}

describe('password policy', () => {
  const weak: Array<[string, string, string, RegExp]> = [
    ['the most common one', 'newcomer1', '12345678', /among the first ones attackers try/],
    ['"password" in capitals', 'newcomer2', 'PASSWORD', /among the first ones attackers try/],
    ['one character repeated', 'newcomer3', 'aaaaaaaaaa', /among the first ones attackers try/],
    ['the username', 'newcomer4', 'NewComer4', /cannot be the username/],
    ['eight spaces', 'newcomer5', ' '.repeat(8), /only spaces/],
    ['eight NULs', 'newcomer6', '\u0000'.repeat(8), /control characters/],
    ['a line break inside', 'newcomer7', 'good\npassword', /control characters/],
    ['seven characters', 'newcomer8', 'abc1234', /8 to 200 characters/],
    ['201 characters', 'newcomer9', 'x'.repeat(200) + 'y', /8 to 200 characters/],
  ];
  it.each(weak)('refuses %s, and creates nothing', async (_name, username, password, message) => {
    const error = await refusal(signIn(server.url, { username, password, createAccount: true }));
    expect(error.status).toBe(400);
    expect(error.pageError).toMatch(message);
    // Nothing was created: signing in with it fails as for anyone unknown.
    const signInError = await refusal(signIn(server.url, { username, password }));
    expect(signInError.status).toBe(401);
    recordTally({
      section: 'security',
      check: 'weak passwords refused at account creation',
      tried: 1,
      held: 1,
      requests: 2,
    });
  });

  it('accepts a long passphrase with spaces and any script', async () => {
    await expect(
      signIn(server.url, { username: 'poet', password: 'über grüne wiesen 🌿', createAccount: true }),
    ).resolves.toMatchObject({
      sub: expect.any(String),
    });
  });
});

describe('create account does not tell which usernames exist', () => {
  it('answers a taken name as it answers a reserved one; the owner with the right password is signed in', async () => {
    const owner = await signIn(server.url, {
      username: 'taken-name',
      password: 'owner passphrase',
      createAccount: true,
    });
    const taken = await refusal(
      signIn(server.url, { username: 'taken-name', password: 'another passphrase', createAccount: true }),
    );
    const reserved = await refusal(
      signIn(server.url, { username: 'administrator', password: 'another passphrase', createAccount: true }),
    );
    expect(taken.status).toBe(reserved.status);
    expect(taken.pageError.replace('taken-name', 'NAME')).toBe(reserved.pageError.replace('administrator', 'NAME'));
    expect(taken.pageError.replace('taken-name', 'NAME')).not.toMatch(/taken|exists/);
    const again = await signIn(server.url, {
      username: 'Taken-Name',
      password: 'owner passphrase',
      createAccount: true,
    });
    expect(again.sub).toBe(owner.sub);
    recordTally({
      section: 'security',
      check: 'create account: a taken and a reserved username answered alike',
      tried: 1,
      held: 1,
      requests: 4,
    });
  });
});
