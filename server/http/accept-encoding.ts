/**
 * Which content coding to answer with, from the request's `Accept-Encoding`: shared by the static files
 * (compressed once, kept in memory) and the API's answers (compressed as they stream).
 */

export type Encoding = 'br' | 'gzip';

/** The encoding to send: brotli over gzip, each only when accepted with q > 0. */
export function negotiateEncoding(acceptEncoding: string | undefined): Encoding | undefined {
  const accepted = new Set<string>();
  for (const part of (acceptEncoding ?? '').toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (name && (q === undefined || Number(q.slice(2)) > 0)) accepted.add(name.trim());
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return undefined;
}
