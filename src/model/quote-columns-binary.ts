/**
 * The quotes answer in bytes (`POST /api/quotes` with `"format": "binary"`, docs/architecture.md): the
 * same entries as the JSON answer with closes as integer deltas, but each series' days and closes travel
 * as varints after a small JSON header instead of as JSON numbers, so the worker turns them into its typed
 * arrays in one pass over the bytes, builds no array of numbers, and the server compresses a quarter of
 * the bytes (workload XL: 19.3 MB of JSON, 5.8 MB here; 4.6 MB and 3.8 MB brotli'd).
 *
 * Layout (little-endian):
 * - 4 bytes `ITQ1`, then the header's byte length as a uint32;
 * - the header, UTF-8 JSON: the answer's entries in order, each as the JSON answer would carry it, except
 *   that a series has `bars` (its count of days) instead of `days` and `closes`;
 * - then, per series in the header's order, its `bars` days as zigzag LEB128 varints of their differences
 *   (the first from 0), then its closes: with `closesScale`, the integer deltas (`closes-encoding.ts`) as
 *   zigzag varints; without, each close as a float64.
 * A zigzag varint of v is the unsigned LEB128 of 2v (v ≥ 0) or −2v − 1 (v < 0); the encoder keeps every
 * value within ±2^52, so the decoder's sums are exact doubles. The decode divides as `decodeCloses` does:
 * the closes are the same doubles, bit for bit, as the JSON answer's.
 */
import { MAX_CLOSES_SCALE } from './closes-encoding';

export const QUOTE_COLUMNS_TYPE = 'application/vnd.investments-tracker.quote-columns';
const MAGIC = [0x49, 0x54, 0x51, 0x31]; // "ITQ1"
const PREFIX_BYTES = 8;
/** Zigzag doubles a value: within ±2^52 the varint stays within 2^53, where doubles are exact. */
export const MAX_VARINT_VALUE = 2 ** 52;
/** 2^56 in 8 groups of 7 bits: longer is not a varint this encoder writes. */
const MAX_VARINT_BYTES = 8;

/** A growing byte buffer the encoder writes into. */
class ByteWriter {
  private bytes = new Uint8Array(1024);
  private view = new DataView(this.bytes.buffer);
  length = 0;

  private room(more: number): void {
    if (this.length + more <= this.bytes.length) return;
    const grown = new Uint8Array(Math.max(this.bytes.length * 2, this.length + more));
    grown.set(this.bytes.subarray(0, this.length));
    this.bytes = grown;
    this.view = new DataView(grown.buffer);
  }

  /** The zigzag LEB128 varint of the integer `value` (|value| ≤ 2^52). */
  zigzag(value: number): void {
    let u = value >= 0 ? 2 * value : -2 * value - 1;
    this.room(MAX_VARINT_BYTES);
    while (u >= 128) {
      this.bytes[this.length++] = (u % 128) | 128;
      u = Math.floor(u / 128);
    }
    this.bytes[this.length++] = u;
  }

  float64(value: number): void {
    this.room(8);
    this.view.setFloat64(this.length, value, true);
    this.length += 8;
  }

  /** What was written (a view: copy it to keep it past another write). */
  written(): Uint8Array {
    return this.bytes.subarray(0, this.length);
  }
}

const withinVarints = (values: readonly number[]) => values.every((value) => Math.abs(value) <= MAX_VARINT_VALUE);

/**
 * One series' bytes: its days, then its closes as `integerCloses` (the integer deltas of a `closesScale`)
 * or as float64s. Answers null when a value is out of the varints' range (days never are; deltas of a
 * series that needs more than 52 bits): the series then travels with plain closes.
 */
export function seriesColumns(
  days: readonly number[],
  closes: readonly number[],
  integerCloses: boolean,
): Uint8Array | null {
  if (integerCloses && !withinVarints(closes)) return null;
  const out = new ByteWriter();
  let previous = 0;
  for (const day of days) {
    out.zigzag(day - previous);
    previous = day;
  }
  if (integerCloses) for (const delta of closes) out.zigzag(delta);
  else for (const close of closes) out.float64(close);
  return out.written().slice();
}

/** The whole answer: the prefix, the header (the entries' JSON text) and each series' columns in order. */
export function quoteColumnsAnswer(headerJson: string, columns: readonly Uint8Array[]): Uint8Array<ArrayBuffer> {
  const header = new TextEncoder().encode(headerJson);
  const total = PREFIX_BYTES + header.length + columns.reduce((sum, bytes) => sum + bytes.length, 0);
  const answer = new Uint8Array(total);
  answer.set(MAGIC, 0);
  new DataView(answer.buffer).setUint32(4, header.length, true);
  answer.set(header, PREFIX_BYTES);
  let at = PREFIX_BYTES + header.length;
  for (const bytes of columns) {
    answer.set(bytes, at);
    at += bytes.length;
  }
  return answer;
}

export class QuoteColumnsError extends Error {}

/** The header of `bytes` (its JSON, parsed) and where the columns start. */
export function readHeader(bytes: Uint8Array): { header: unknown; columnsAt: number } {
  if (bytes.length < PREFIX_BYTES || MAGIC.some((byte, k) => bytes[k] !== byte))
    throw new QuoteColumnsError('not a quotes answer in columns');
  const length = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).getUint32(4, true);
  const columnsAt = PREFIX_BYTES + length;
  if (columnsAt > bytes.length) throw new QuoteColumnsError('its header runs past its end');
  let header: unknown;
  try {
    header = JSON.parse(new TextDecoder().decode(bytes.subarray(PREFIX_BYTES, columnsAt)));
  } catch {
    throw new QuoteColumnsError('its header is not JSON');
  }
  return { header, columnsAt };
}

/** Reads the columns after the header, series by series, in the header's order. */
export class ColumnsReader {
  private at: number;
  private readonly view: DataView;

  constructor(
    private readonly bytes: Uint8Array,
    columnsAt: number,
  ) {
    this.at = columnsAt;
    this.view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  }

  /** The next zigzag varint. */
  private zigzag(): number {
    const bytes = this.bytes;
    let byte = bytes[this.at++];
    if (byte === undefined) throw new QuoteColumnsError('its columns end early');
    // Most values (day steps, small close deltas) are one byte.
    let u = byte & 127;
    let scale = 128;
    for (let read = 1; byte >= 128; read += 1) {
      if (read === MAX_VARINT_BYTES) throw new QuoteColumnsError('a value in its columns is too long');
      byte = bytes[this.at++];
      if (byte === undefined) throw new QuoteColumnsError('its columns end early');
      u += (byte & 127) * scale;
      scale *= 128;
    }
    return u % 2 === 0 ? u / 2 : -(u + 1) / 2;
  }

  /** `bars` days: the running sum of their differences. */
  days(bars: number): Int32Array {
    const days = new Int32Array(bars);
    let day = 0;
    for (let k = 0; k < bars; k += 1) {
      day += this.zigzag();
      days[k] = day;
    }
    return days;
  }

  /** `bars` closes: integer deltas at `scale` (0..6) decoded as `decodeCloses` does, or float64s (scale undefined). */
  closes(bars: number, scale: number | undefined, float32: boolean): Float64Array {
    const closes = new Float64Array(bars);
    if (scale === undefined) {
      if (this.at + 8 * bars > this.bytes.length) throw new QuoteColumnsError('its columns end early');
      for (let k = 0; k < bars; k += 1, this.at += 8) closes[k] = this.view.getFloat64(this.at, true);
      return closes;
    }
    if (!(scale >= 0 && scale <= MAX_CLOSES_SCALE && scale % 1 === 0))
      throw new QuoteColumnsError(`closesScale ${scale} is not one of 0..${MAX_CLOSES_SCALE}`);
    const power = 10 ** scale;
    let integer = 0;
    for (let k = 0; k < bars; k += 1) {
      integer += this.zigzag();
      closes[k] = float32 ? Math.fround(integer / power) : integer / power;
    }
    return closes;
  }

  /** Throws unless every byte was read. */
  end(): void {
    if (this.at !== this.bytes.length) throw new QuoteColumnsError('it holds bytes after its last series');
  }
}
