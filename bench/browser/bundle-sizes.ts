/**
 * Bundle sizes of a production build, read from `dist/`: the chunk graph is followed through the built
 * files themselves (static `import … from "./x.js"`, `import("./x.js")`, `new Worker(new URL("…"))`),
 * and every JS file is weighed gzipped (zlib, level 9, as a server would send it).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { gzipSync } from 'node:zlib';

export interface ChunkSize {
  file: string;
  /** KB (1,000 bytes), gzipped. */
  gzipKB: number;
}

export interface BundleSizes {
  /** The entry chunk and everything it imports statically: what every page loads first. */
  initial: ChunkSize[];
  initialGzipKB: number;
  /** The initial load plus the dashboard page's chunk and its static imports: all the JS `/dashboard` runs. */
  dashboard: ChunkSize[];
  dashboardGzipKB: number;
  /** The worker's entry and its static imports. */
  worker: ChunkSize[];
  workerGzipKB: number;
  /** Chunks the worker loads only on demand (directly or from another such chunk): the code of intents the first load does not call. */
  workerLazy: ChunkSize[];
  /** Chunks loaded only on demand (other pages, the import parser, the benchmark's probe). */
  lazy: ChunkSize[];
}

const kb = (bytes: number): number => Math.round(bytes / 10) / 100;

interface ChunkLinks {
  statics: string[];
  dynamics: string[];
  workers: string[];
}

/** File names (inside assets/) a built chunk refers to. */
function linksOf(source: string): ChunkLinks {
  const names = (pattern: RegExp) => [...source.matchAll(pattern)].map((match) => basename(match[1]!));
  return {
    statics: [...names(/\bfrom\s*["'`](\.\/[\w.-]+\.js)["'`]/g), ...names(/\bimport\s*["'`](\.\/[\w.-]+\.js)["'`]/g)],
    dynamics: names(/\bimport\(\s*["'`](\.\/[\w.-]+\.js)["'`]/g),
    workers: names(/new Worker\(\s*new URL\(\s*["'`]([\w./-]+\.js)["'`]/g),
  };
}

export function bundleSizes(distDir: string): BundleSizes {
  const assets = join(distDir, 'assets');
  const files = readdirSync(assets).filter((file) => file.endsWith('.js'));
  const source = new Map(files.map((file) => [file, readFileSync(join(assets, file), 'utf8')]));
  const gzipped = new Map(files.map((file) => [file, gzipSync(source.get(file)!, { level: 9 }).length]));
  const links = new Map(files.map((file) => [file, linksOf(source.get(file)!)]));

  /** `roots` and what they import statically; with `dynamic`, what they and those import on demand too. */
  const closure = (roots: string[], dynamic = false): string[] => {
    const seen = new Set<string>();
    const visit = (file: string) => {
      if (seen.has(file)) return;
      if (!source.has(file)) throw new Error(`${file} is referred to but not in ${assets}`);
      seen.add(file);
      for (const next of links.get(file)!.statics) visit(next);
      if (dynamic) for (const next of links.get(file)!.dynamics) visit(next);
    };
    roots.forEach(visit);
    return [...seen];
  };
  const sized = (list: string[]): ChunkSize[] =>
    list.map((file) => ({ file, gzipKB: kb(gzipped.get(file)!) })).sort((a, b) => b.gzipKB - a.gzipKB);
  const total = (list: string[]): number => kb(list.reduce((sum, file) => sum + gzipped.get(file)!, 0));

  const html = readFileSync(join(distDir, 'index.html'), 'utf8');
  const entry = /<script type="module"[^>]*src="[^"]*?([\w.-]+\.js)"/.exec(html)?.[1];
  if (!entry) throw new Error(`No module script in ${join(distDir, 'index.html')}`);
  const initial = closure([entry]);
  const pages = initial.flatMap((file) => links.get(file)!.dynamics);
  const dashboardPage = pages.find((file) => file.startsWith('dashboard-page'));
  if (!dashboardPage) throw new Error(`No dashboard-page chunk among the entry's dynamic imports: ${pages.join(', ')}`);
  const dashboard = [...new Set([...initial, ...closure([dashboardPage])])];
  const workerEntries = [...new Set(files.flatMap((file) => links.get(file)!.workers))];
  if (workerEntries.length !== 1) throw new Error(`Expected one worker, found: ${workerEntries.join(', ') || 'none'}`);
  const worker = closure(workerEntries);
  // An on-demand chunk may load another on demand (the import session, then the parser).
  const workerLazy = closure(
    worker.flatMap((file) => links.get(file)!.dynamics),
    true,
  ).filter((file) => !worker.includes(file));
  const loaded = new Set([...dashboard, ...worker]);
  return {
    initial: sized(initial),
    initialGzipKB: total(initial),
    dashboard: sized(dashboard),
    dashboardGzipKB: total(dashboard),
    worker: sized(worker),
    workerGzipKB: total(worker),
    workerLazy: sized(workerLazy),
    lazy: sized(files.filter((file) => !loaded.has(file))),
  };
}
