/** What `npm run backup` and `npm run restore` both start from: the file named, and the server's configuration. */
import { readConfig, type ServerConfig } from '../server/config';

/** The file argument and the configuration, or null after printing why there are none (usage or config errors). */
export function fileAndConfig(usage: string): { file: string; config: ServerConfig } | null {
  const file = process.argv[2];
  if (!file) {
    console.error(usage);
    return null;
  }
  const result = readConfig(process.env);
  if (!result.ok) {
    console.error(`Cannot read the configuration:\n${result.errors.map((e) => `  - ${e}`).join('\n')}`);
    return null;
  }
  return { file, config: result.config };
}
