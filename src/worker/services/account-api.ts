/** The account service: `DELETE /api/account` (the settings have theirs in settings-api.ts). */
import * as z from 'zod/mini';
import { requestJson, type Credentials } from './http';

const deletedSchema = z.object({ deleted: z.record(z.string(), z.number()) });

/** Deletes the signed-in account and everything of it; `username` is what the user typed to confirm. */
export async function deleteAccount(credentials: Credentials, username: string): Promise<void> {
  await requestJson('/api/account', deletedSchema, { method: 'DELETE', credentials, body: { username } });
}
