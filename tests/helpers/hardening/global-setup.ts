/** Hands every test file the tally file, and prints the summary once all of them have run. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { formatSummary } from './summary';
import { readTally, TALLY_FILE_NAME } from './tally';

export default function setup(project: TestProject): () => void {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hardening-tally-'));
  const file = path.join(dir, TALLY_FILE_NAME);
  project.provide('hardeningTallyFile', file);
  return () => {
    console.log(formatSummary(readTally(file)));
    fs.rmSync(dir, { recursive: true, force: true });
  };
}
