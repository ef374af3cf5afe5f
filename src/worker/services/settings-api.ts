/** `GET`/`PUT /api/settings`, from the worker: the user's settings (the benchmark), checked on arrival. */
import * as z from 'zod/mini';
import { settingsFrom, type UserSettings } from '../../model/settings';
import { requestJson, type Credentials } from './http';

// Each setting is read by settingsFrom (a bad one takes its default); here only the envelope is checked.
const settingsAnswer = z.object({ settings: z.record(z.string(), z.unknown()) });

export async function fetchSettings(credentials: Credentials): Promise<UserSettings> {
  const { body } = await requestJson('/api/settings', settingsAnswer, { credentials });
  return settingsFrom(body.settings);
}

export async function saveSettings(credentials: Credentials, changes: Partial<UserSettings>): Promise<UserSettings> {
  const { body } = await requestJson('/api/settings', settingsAnswer, { method: 'PUT', credentials, body: changes });
  return settingsFrom(body.settings);
}
