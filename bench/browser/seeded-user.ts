/**
 * A user of the real server with the workload's portfolio: the account is created through the built-in
 * provider's "Create account" form, and the transactions are stored with `PUT /api/transactions` (a
 * request without the XSRF cookie needs no anti-forgery header).
 */
import type { TransactionSet } from '../../src/model';
import { signIn } from '../../tests/helpers/oidc-login';
import { currentTransactionsEtag } from '../../tests/helpers/transactions-client';

export interface SeededUser {
  username: string;
  password: string;
  /** Stores `transactions` as the user's full set again (after an import added to it). */
  reseed(): Promise<void>;
}

export async function createSeededUser(
  baseUrl: string,
  username: string,
  transactions: TransactionSet,
): Promise<SeededUser> {
  const password = `${username}-password`;
  const { idToken } = await signIn(baseUrl, { username, password, createAccount: true });
  const reseed = async () => {
    const response = await fetch(`${baseUrl}/api/transactions`, {
      method: 'PUT',
      headers: {
        Authorization: idToken,
        'Content-Type': 'application/json',
        'If-Match': await currentTransactionsEtag(baseUrl, idToken),
      },
      body: JSON.stringify({ transactions }),
    });
    if (!response.ok) throw new Error(`Seeding ${username} failed: ${response.status} ${await response.text()}`);
  };
  await reseed();
  return { username, password, reseed };
}
