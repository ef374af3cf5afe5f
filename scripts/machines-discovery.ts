/**
 * Finds the app's machines for `npm run machines:diagrams` (machines-diagrams.ts): every `*-machine.ts` of
 * a folder, imported in Node, and the machines it exports; a file that fails to import or exports none is
 * named as a problem.
 */
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { AnyStateMachine } from 'xstate';

export interface DiscoveredMachine {
  /** The machine's file, relative to the project root, with forward slashes. */
  file: string;
  exportName: string;
  machine: AnyStateMachine;
}

export interface Discovery {
  machines: DiscoveredMachine[];
  /** `*-machine.ts` files that could not be imported or export no machine: each one is worth failing for. */
  problems: Array<{ file: string; reason: string }>;
}

export const MACHINES_DIR = 'src/machines';
const MACHINE_FILE = /-machine\.ts$/;

const isStateMachine = (value: unknown): value is AnyStateMachine =>
  typeof value === 'object' &&
  value !== null &&
  'root' in value &&
  'getStateNodeById' in value &&
  'transition' in value;

/** Imports every `*-machine.ts` of `machinesDir` (sorted by file name) and keeps the machines it exports. */
export async function discoverMachines(rootDir: string, machinesDir: string = MACHINES_DIR): Promise<Discovery> {
  const files = (await readdir(path.join(rootDir, machinesDir))).filter((name) => MACHINE_FILE.test(name)).sort();
  const machines: DiscoveredMachine[] = [];
  const problems: Discovery['problems'] = [];
  for (const name of files) {
    const file = path.posix.join(machinesDir.split(path.sep).join('/'), name);
    let exported: Record<string, unknown>;
    try {
      exported = (await import(pathToFileURL(path.join(rootDir, machinesDir, name)).href)) as Record<string, unknown>;
    } catch (error) {
      // A machine module must load in Node: browser globals belong inside its actors, not at import time.
      problems.push({
        file,
        reason: `could not be imported: ${error instanceof Error ? error.message : String(error)}`,
      });
      continue;
    }
    const found = Object.keys(exported)
      .sort()
      .flatMap((exportName) => {
        const value = exported[exportName];
        return isStateMachine(value) ? [{ file, exportName, machine: value }] : [];
      });
    if (found.length === 0) problems.push({ file, reason: 'exports no machine' });
    machines.push(...found);
  }
  return { machines, problems };
}
