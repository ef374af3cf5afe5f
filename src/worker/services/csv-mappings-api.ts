/** `GET`/`PUT /api/csv-mappings`, from the worker: the mapping remembered for a CSV header, checked on arrival. */
import * as z from 'zod/mini';
import { checkCsvMapping, type CsvMapping } from '../../model/csv-mapping';
import { requestJson, type Credentials } from './http';

// The envelope here; the mapping itself by the same check the server applies (a bad one reads as none).
const mappingAnswer = z.object({ mapping: z.unknown() });

export async function fetchCsvMapping(credentials: Credentials, headerKey: string): Promise<CsvMapping | null> {
  const { body } = await requestJson(`/api/csv-mappings?header=${encodeURIComponent(headerKey)}`, mappingAnswer, { credentials });
  const checked = checkCsvMapping(body.mapping);
  return checked.ok ? checked.value : null;
}

export async function saveCsvMapping(credentials: Credentials, headerKey: string, mapping: CsvMapping): Promise<void> {
  await requestJson('/api/csv-mappings', mappingAnswer, { method: 'PUT', credentials, body: { header: headerKey, mapping } });
}
