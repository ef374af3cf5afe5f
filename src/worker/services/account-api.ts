/** The user's own data services: settings (`/api/settings`) and the account (`DELETE /api/account`). */
import { z } from 'zod';
import type { UserSettings } from '../../model/settings';
import { requestJson, type Credentials } from './http';

const settingsSchema = z.object({ settings: z.looseObject({ benchmark: z.string().nullable() }) });

export async function fetchSettings(credentials: Credentials): Promise<UserSettings> {
  const { body } = await requestJson('/api/settings', settingsSchema, { credentials });
  return { benchmark: body.settings.benchmark };
}

export async function putSettings(credentials: Credentials, settings: Partial<UserSettings>): Promise<void> {
  await requestJson('/api/settings', settingsSchema, { method: 'PUT', credentials, body: settings });
}

const deletedSchema = z.object({ deleted: z.record(z.string(), z.number()) });

/** Deletes the signed-in account and everything of it; `username` is what the user typed to confirm. */
export async function deleteAccount(credentials: Credentials, username: string): Promise<void> {
  await requestJson('/api/account', deletedSchema, { method: 'DELETE', credentials, body: { username } });
}
