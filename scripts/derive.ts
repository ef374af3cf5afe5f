/**
 * `npm run --silent derive -- <scenario.json>`: runs the portfolio engine headless on a scenario file
 * and prints the golden `expected` object for it as JSON on stdout.
 */
import { readFile } from 'node:fs/promises';
import { deriveScenario, parseScenario } from './scenario';
import { toExpected } from './to-expected';

async function main(argv: readonly string[]): Promise<number> {
  const path = argv[0];
  if (!path || argv.length > 1) {
    process.stderr.write('usage: npm run --silent derive -- <scenario.json>\n');
    return 2;
  }
  let json: unknown;
  try {
    json = JSON.parse(await readFile(path, 'utf8'));
  } catch (error) {
    process.stderr.write(`cannot read ${path}: ${error instanceof Error ? error.message : String(error)}\n`);
    return 1;
  }
  const parsed = parseScenario(json);
  if (!parsed.ok) {
    process.stderr.write(`${path} is not a scenario:\n${parsed.error}\n`);
    return 1;
  }
  process.stdout.write(`${JSON.stringify(toExpected(deriveScenario(parsed.scenario)), null, 2)}\n`);
  return 0;
}

process.exitCode = await main(process.argv.slice(2));
