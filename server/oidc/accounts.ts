/** Accounts of the built-in provider: the rules for usernames and passwords, registration, sign-in. */
import { randomUUID } from 'node:crypto';
import type { Account, AccountStore } from '../storage/types';
import { hashPassword, unusablePasswordHash, verifyPassword } from './passwords';

/** 3–32 characters: lower-case letters, digits, `.`, `_`, `-`; starting with a letter or digit. */
export const USERNAME_PATTERN = /^[a-z0-9][a-z0-9._-]{2,31}$/;
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 200;

/** Usernames are case-insensitive: stored and compared in lower case. */
export function normalizeUsername(input: string): string {
  return input.trim().toLowerCase();
}

export type RegistrationResult =
  | { ok: true; account: Account }
  | { ok: false; reason: 'invalid' | 'taken'; field: 'username' | 'password'; message: string };

/** Creates an account without checking the password rules (the demo account's password is `demo`). */
export async function createAccount(store: AccountStore, username: string, password: string, sub: string = randomUUID()) {
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
  if (password.length < PASSWORD_MIN_LENGTH || password.length > PASSWORD_MAX_LENGTH) {
    return {
      ok: false,
      reason: 'invalid',
      field: 'password',
      message: `A password has ${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters.`,
    };
  }
  if (password !== passwordAgain) return { ok: false, reason: 'invalid', field: 'password', message: 'The two passwords differ.' };
  const { status, account } = await createAccount(store, name, password);
  if (status === 'taken') return { ok: false, reason: 'taken', field: 'username', message: `The username "${name}" is taken.` };
  return { ok: true, account };
}

/** The account when the password matches; the same work is done for unknown usernames. */
export async function authenticate(store: AccountStore, username: string, password: string): Promise<Account | undefined> {
  const account = await store.findByUsername(normalizeUsername(username));
  const matches = await verifyPassword(password, account?.passwordHash ?? (await unusablePasswordHash()));
  return account && matches ? account : undefined;
}
