/**
 * Serves the built SPA from STATIC_DIR: exact files, `index.html` for client-side routes (every path that
 * does not name a file the build could hold: `/holdings/VWRL.AS` is a route, `/assets/x.js` a file), a year of caching for hashed assets and revalidation for the rest, brotli
 * or gzip by Accept-Encoding (compressed once, kept in memory; started at load for all but source maps).
 */
import { promisify } from 'node:util';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { Context } from 'hono';
import type { Log } from '../log';
import { negotiateEncoding, type Encoding } from './accept-encoding';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.wasm': 'application/wasm',
};
const COMPRESSIBLE = /^(text\/|application\/(json|manifest\+json|wasm)|image\/svg\+xml)/;
const MIN_COMPRESS_BYTES = 1024;
/** Vite writes content-hashed names (`index-B4x9_kQz.js`) under `assets/`. */
const HASHED_NAME = /[-.][A-Za-z0-9_-]{8,}\.[a-z0-9]+$/;
const YEAR_SECONDS = 365 * 24 * 3600;

interface StaticFile {
  absolutePath: string;
  contentType: string;
  etag: string;
  cacheControl: string;
  compressible: boolean;
}

export interface StaticSite {
  dir: string;
  /** Keyed by URL path: `/index.html`, `/assets/index-B4x9_kQz.js`. */
  files: Map<string, StaticFile>;
}

/** Indexes STATIC_DIR; undefined when it has no index.html (not built). */
export function loadStaticSite(dir: string, log: Log): StaticSite | undefined {
  if (!fs.existsSync(path.join(dir, 'index.html'))) {
    log.warn('no built SPA to serve: run `npm run build`', { staticDir: dir });
    return undefined;
  }
  const files = new Map<string, StaticFile>();
  for (const relative of fs.readdirSync(dir, { recursive: true, encoding: 'utf8' })) {
    const absolutePath = path.join(dir, relative);
    const stat = fs.statSync(absolutePath);
    if (!stat.isFile()) continue;
    const urlPath = `/${relative.split(path.sep).join('/')}`;
    // Source maps hold the full sources: built for local debugging, never served.
    if (urlPath.endsWith('.map')) continue;
    const contentType = CONTENT_TYPES[path.extname(relative).toLowerCase()] ?? 'application/octet-stream';
    const hashed = urlPath.startsWith('/assets/') && HASHED_NAME.test(urlPath);
    files.set(urlPath, {
      absolutePath,
      contentType,
      etag: `"${stat.size.toString(36)}-${Math.floor(stat.mtimeMs).toString(36)}"`,
      cacheControl: hashed ? `public, max-age=${YEAR_SECONDS}, immutable` : 'no-cache',
      compressible: COMPRESSIBLE.test(contentType) && stat.size >= MIN_COMPRESS_BYTES,
    });
  }
  const site = { dir, files };
  for (const file of files.values()) {
    if (file.compressible) void compressed(file, 'br').catch(() => undefined);
  }
  return site;
}

const contents = new Map<string, Promise<Buffer>>();

function bytes(file: StaticFile, encoding: Encoding | undefined): Promise<Buffer> {
  if (encoding) return compressed(file, encoding);
  return memo(file.absolutePath, () => fs.promises.readFile(file.absolutePath));
}

function compressed(file: StaticFile, encoding: Encoding): Promise<Buffer> {
  return memo(`${file.absolutePath}\0${encoding}`, async () => {
    const raw = await bytes(file, undefined);
    if (encoding === 'gzip') return gzip(raw, { level: 9 });
    const quality = raw.length <= 1024 * 1024 ? 11 : 6;
    return brotli(raw, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: quality } });
  });
}

function memo(key: string, make: () => Promise<Buffer>): Promise<Buffer> {
  let entry = contents.get(key);
  if (!entry) {
    entry = make();
    entry.catch(() => contents.delete(key));
    contents.set(key, entry);
  }
  return entry;
}

/**
 * A missing path is a missing file when it lies under `assets/` or ends in a file type the build ships
 * (`.js`, `.png`…, lower case as Vite writes them); any other path is a client route, though its last
 * segment may hold a dot: a ticker (`VWRL.AS`, `BRK.B`) is upper case and names no file type.
 */
function namesAFile(urlPath: string): boolean {
  return urlPath.startsWith('/assets/') || Object.hasOwn(CONTENT_TYPES, path.posix.extname(urlPath));
}

/** GET/HEAD handler for everything our backend routes did not take. */
export async function serveStaticSite(c: Context, site: StaticSite | undefined): Promise<Response> {
  if (!site) {
    return c.text('Investments Tracker is not built yet: run `npm run build` (or `npm start`), or `npm run dev`.', 503);
  }
  let urlPath: string;
  try {
    urlPath = decodeURIComponent(c.req.path);
  } catch {
    return c.text('Bad path', 400);
  }
  let file = site.files.get(urlPath === '/' ? '/index.html' : urlPath);
  if (!file) {
    if (namesAFile(urlPath)) return c.text('Not found', 404);
    file = site.files.get('/index.html');
    if (!file) return c.text('Not found', 404);
  }
  const encoding = file.compressible ? negotiateEncoding(c.req.header('accept-encoding')) : undefined;
  const etag = encoding ? `${file.etag.slice(0, -1)}-${encoding}"` : file.etag;
  const headers: Record<string, string> = {
    'Content-Type': file.contentType,
    'Cache-Control': file.cacheControl,
    ETag: etag,
  };
  if (file.compressible) headers.Vary = 'Accept-Encoding';
  if (encoding) headers['Content-Encoding'] = encoding;
  if (c.req.header('if-none-match') === etag) return c.body(null, 304, headers);
  const body = await bytes(file, encoding);
  headers['Content-Length'] = String(body.length);
  if (c.req.method === 'HEAD') return c.body(null, 200, headers);
  return c.body(new Uint8Array(body), 200, headers);
}
