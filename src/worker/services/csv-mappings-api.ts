/**
 * `GET`/`PUT /api/csv-mappings`, from the worker: the mapping remembered for a CSV header; and
 * `/api/csv-mappings/all`: every one, for the backup, and a backup's restored. Checked on arrival.
 */
import * as z from 'zod/mini';
import {
  checkCsvMapping,
  checkRememberedMappings,
  type CsvMapping,
  type MappingsRestoreMode,
  type RememberedMapping,
} from '../../model/csv-mapping';
import { requestJson, type Credentials } from './http';

// The envelope here; the mapping itself by the same check the server applies (a bad one reads as none).
const mappingAnswer = z.object({ mapping: z.unknown() });

export async function fetchCsvMapping(credentials: Credentials, headerKey: string): Promise<CsvMapping | null> {
  const { body } = await requestJson(`/api/csv-mappings?header=${encodeURIComponent(headerKey)}`, mappingAnswer, {
    credentials,
  });
  const checked = checkCsvMapping(body.mapping);
  return checked.ok ? checked.value : null;
}

export async function saveCsvMapping(credentials: Credentials, headerKey: string, mapping: CsvMapping): Promise<void> {
  await requestJson('/api/csv-mappings', mappingAnswer, {
    method: 'PUT',
    credentials,
    body: { header: headerKey, mapping },
  });
}

const mappingsAnswer = z.object({ mappings: z.unknown() });

/** The server's list as it stores it: any ISO time (a stored one from before the time rule too); the backup's writer brings them within the rule. */
function rememberedOf(value: unknown): RememberedMapping[] {
  const checked = checkRememberedMappings(value, 'as-stored');
  if (!checked.ok) throw new Error(`The server's column mappings are not valid: ${checked.message}.`);
  return checked.value;
}

/** Every mapping the user has, most recently saved first. */
export async function fetchAllCsvMappings(credentials: Credentials): Promise<RememberedMapping[]> {
  const { body } = await requestJson('/api/csv-mappings/all', mappingsAnswer, { credentials });
  return rememberedOf(body.mappings);
}

/** Restores a backup's mappings (`replace`: they become the user's; `merge`: the user's own win); the user's after. */
export async function restoreCsvMappings(
  credentials: Credentials,
  mode: MappingsRestoreMode,
  mappings: readonly RememberedMapping[],
): Promise<RememberedMapping[]> {
  const { body } = await requestJson('/api/csv-mappings/all', mappingsAnswer, {
    method: 'PUT',
    credentials,
    body: { mode, mappings },
  });
  return rememberedOf(body.mappings);
}
