/** Accounts of the built-in provider: the rules for usernames and passwords, registration, sign-in. */
import { randomUUID } from 'node:crypto';
import type { Account, AccountStore } from '../storage/types';
import { hashPassword, unusablePasswordHash, verifyPassword } from './passwords';

/** 3–32 characters: lower-case letters, digits, `.`, `_`, `-`; starting with a letter or digit. */
export const USERNAME_PATTERN = /^[a-z0-9][a-z0-9._-]{2,31}$/;
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 200;

/**
 * The most common passwords of 8 characters or more in public breach lists, and this app's own name:
 * the first ones an attacker tries. Compared in lower case.
 */
const COMMON_PASSWORDS = new Set([
  '12345678',
  '123456789',
  '1234567890',
  '0123456789',
  '87654321',
  '987654321',
  '11111111',
  '00000000',
  '12341234',
  '11223344',
  '12344321',
  '123123123',
  '112233445566',
  'password',
  'password1',
  'password12',
  'password123',
  'passw0rd',
  'p@ssw0rd',
  'qwertyui',
  'qwertyuiop',
  'qwerty123',
  'qwerty12',
  '1q2w3e4r',
  '1q2w3e4r5t',
  'q1w2e3r4',
  '1qaz2wsx',
  'zaq12wsx',
  'asdfghjk',
  'asdfasdf',
  'abcd1234',
  'abc12345',
  'iloveyou',
  'sunshine',
  'princess',
  'football',
  'baseball',
  'superman',
  'welcome1',
  'admin123',
  'letmein1',
  'trustno1',
  'starwars',
  'whatever',
  'changeme',
  'investments',
  'investmentstracker',
]);

/**
 * Names nobody may register (they read as the service's own, or are the shared demo account's, whether
 * DEMO_ACCOUNT is on or off); refused with the same words as a taken
 * username, so that a refusal does not say whether an account exists.
 */
const RESERVED_USERNAMES = new Set([
  'admin',
  'administrator',
  'root',
  'system',
  'support',
  'security',
  'owner',
  'investments',
  'demo',
]);

/** Why a password is refused, in the words the form shows, or undefined when it is acceptable. */
export function passwordProblem(password: string, username: string): string | undefined {
  const length = [...password].length;
  if (length < PASSWORD_MIN_LENGTH || length > PASSWORD_MAX_LENGTH) {
    return `A password has ${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters.`;
  }
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(password))
    return 'A password cannot hold control characters (such as NUL or a line break).';
  if (password.trim() === '') return 'A password cannot be only spaces.';
  const lower = password.trim().toLowerCase();
  if (lower === normalizeUsername(username)) return 'A password cannot be the username.';
  if (COMMON_PASSWORDS.has(lower) || /^(.)\1*$/u.test(lower)) {
    return 'This password is among the first ones attackers try; choose another.';
  }
  return undefined;
}

/** Usernames are case-insensitive: stored and compared in lower case. */
export function normalizeUsername(input: string): string {
  return input.trim().toLowerCase();
}

export type RegistrationResult =
  /** `existing`: the username was taken and the password is that account's: it signs in. */
  | { ok: true; account: Account; existing: boolean }
  | { ok: false; reason: 'invalid' | 'taken'; field: 'username' | 'password'; message: string };

/** Creates an account without checking the password rules (the demo account's password is `demo`). */
export async function createAccount(
  store: AccountStore,
  username: string,
  password: string,
  sub: string = randomUUID(),
) {
  const account: Account = {
    sub,
    username: normalizeUsername(username),
    passwordHash: await hashPassword(password),
    createdAtMs: Date.now(),
  };
  return { status: await store.create(account), account };
}

export async function registerAccount(
  store: AccountStore,
  username: string,
  password: string,
  passwordAgain: string,
): Promise<RegistrationResult> {
  const name = normalizeUsername(username);
  if (!USERNAME_PATTERN.test(name)) {
    return {
      ok: false,
      reason: 'invalid',
      field: 'username',
      message: 'A username has 3 to 32 characters: letters, digits, dots, dashes or underscores.',
    };
  }
  const problem = passwordProblem(password, name);
  if (problem) return { ok: false, reason: 'invalid', field: 'password', message: problem };
  if (password !== passwordAgain)
    return { ok: false, reason: 'invalid', field: 'password', message: 'The two passwords differ.' };
  const notAvailable = {
    ok: false,
    reason: 'taken',
    field: 'username',
    message: `The username "${name}" is not available; choose another. (If it is yours, sign in with it above.)`,
  } as const;
  if (RESERVED_USERNAMES.has(name)) {
    // As much work as for a taken name, so the time does not tell them apart either.
    await verifyPassword(password, await unusablePasswordHash());
    return notAvailable;
  }
  const existing = await store.findByUsername(name);
  if (existing) {
    // Someone creating the account they already have (and knowing its password) is signed in to it.
    if (await verifyPassword(password, existing.passwordHash)) return { ok: true, account: existing, existing: true };
    return notAvailable;
  }
  const { status, account } = await createAccount(store, name, password);
  if (status === 'taken') return notAvailable;
  return { ok: true, account, existing: false };
}

/** The account when the password matches; the same work is done for unknown usernames. */
export async function authenticate(
  store: AccountStore,
  username: string,
  password: string,
): Promise<Account | undefined> {
  const account = await store.findByUsername(normalizeUsername(username));
  const matches = await verifyPassword(password, account?.passwordHash ?? (await unusablePasswordHash()));
  return account && matches ? account : undefined;
}
