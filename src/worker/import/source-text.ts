/**
 * The file as a stream of decoded text chunks with byte progress. A `Blob` (a `File` in the worker, or
 * `fs.openAsBlob` in Node) is read slice by slice, so a 50 MB file never sits in memory as bytes at once;
 * the decoder carries multi-byte characters across slice boundaries. The encoding is the byte-order
 * mark's (UTF-8, UTF-16 LE or BE), else UTF-8, else, when the bytes turn out not to be UTF-8, the caller
 * reads again as Windows-1252 (text-encoding.ts).
 */
import { utf8Length } from './text';
import { decoderFor, encodingOfByteOrderMark, windows1252Text } from './text-encoding';

/** How to read a Blob: by its byte-order mark, else strict UTF-8 (`auto`); or as Windows-1252 after `auto` failed. */
export type ReadEncoding = 'auto' | 'windows-1252';

/** The bytes are not valid UTF-8: the caller reads the file again as Windows-1252 (Excel's encoding). */
export class NotUtf8Error extends Error {
  constructor() {
    super('The file is not valid UTF-8.');
  }
}

export interface TextChunk {
  text: string;
  bytesRead: number;
  totalBytes: number;
}

const CHUNK_BYTES = 1 << 18;
const CHUNK_CHARS = 1 << 18;

async function* blobChunks(blob: Blob, encoding: ReadEncoding): AsyncGenerator<TextChunk> {
  let decoder: ReturnType<typeof decoderFor> | null = encoding === 'auto' ? null : decoderFor(encoding, false);
  const totalBytes = blob.size;
  for (let offset = 0; offset < totalBytes; offset += CHUNK_BYTES) {
    const end = Math.min(totalBytes, offset + CHUNK_BYTES);
    const bytes = new Uint8Array(await blob.slice(offset, end).arrayBuffer());
    decoder ??= decoderFor(encodingOfByteOrderMark(bytes) ?? 'utf-8', true);
    let text: string;
    try {
      text = decoder.decode(bytes, { stream: end < totalBytes });
      if (encoding === 'windows-1252') text = windows1252Text(text);
    } catch {
      throw new NotUtf8Error();
    }
    yield { text, bytesRead: end, totalBytes };
  }
}

/** A string in chunks; byte counts are UTF-8 bytes when `measure`, else characters (cheaper, nobody looks). */
function* stringChunks(input: string, measure: boolean): Generator<TextChunk> {
  const text = input.charCodeAt(0) === 0xfeff ? input.slice(1) : input;
  const totalBytes = measure ? utf8Length(text) : text.length;
  let bytesRead = 0;
  for (let start = 0; start < text.length;) {
    let end = Math.min(text.length, start + CHUNK_CHARS);
    const last = text.charCodeAt(end - 1);
    if (last >= 0xd800 && last <= 0xdbff && end < text.length) end += 1;
    const chunk = text.slice(start, end);
    bytesRead += measure ? utf8Length(chunk) : chunk.length;
    yield { text: chunk, bytesRead, totalBytes };
    start = end;
  }
}

export async function* readTextChunks(
  input: Blob | string,
  encoding: ReadEncoding,
  measure: boolean,
): AsyncGenerator<TextChunk> {
  if (typeof input === 'string') yield* stringChunks(input, measure);
  else yield* blobChunks(input, encoding);
}
