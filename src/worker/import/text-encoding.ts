/**
 * Which encoding a file's bytes are in, for every CSV the user uploads (DEGIRO's Account.csv and
 * Transactions.csv, our CSV and backup, another broker's CSV). Broker exports and spreadsheets write
 * UTF-8, Windows-1252 (DEGIRO NL/DE/FR opened and saved in Excel: é, ü, €) or UTF-16 with a byte-order
 * mark (Excel's "Unicode text"). A byte-order mark decides; without one the bytes are read as UTF-8 when
 * they are valid UTF-8, else as Windows-1252 (every byte is a character there, so nothing is refused
 * for its encoding; a file that is binary is refused by `looksBinary`).
 */
import { CP1252_BYTES, isControlCharacter } from './text';

export type SourceEncoding = 'utf-8' | 'utf-16le' | 'utf-16be' | 'windows-1252';

/** The encoding a byte-order mark at the start of `bytes` names, or null without one. */
export function encodingOfByteOrderMark(bytes: Uint8Array): Exclude<SourceEncoding, 'windows-1252'> | null {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return 'utf-8';
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return 'utf-16le';
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return 'utf-16be';
  return null;
}

/**
 * A decoder for `encoding` that drops the byte-order mark. UTF-8 without a mark is fatal on a byte
 * sequence that is not UTF-8 (the caller then reads the file as Windows-1252); the others never throw.
 */
export function decoderFor(encoding: SourceEncoding, strictUtf8: boolean) {
  return new TextDecoder(encoding, { fatal: encoding === 'utf-8' && strictUtf8 });
}

/** Byte 0x80–0x9F (as a C1 control character) → its Windows-1252 character: `€`, `–`, `’`… */
const CP1252_OF_C1 = new Map(Object.entries(CP1252_BYTES).map(([char, byte]) => [String.fromCharCode(byte), char]));
const C1 = /[\u0080-\u009f]/g;

/**
 * Text decoded as `windows-1252` with bytes 0x80–0x9F as Windows-1252 has them. Browsers decode them so
 * already; Node 20's decoder reads them as Latin-1 (C1 control characters), which this repairs.
 */
export function windows1252Text(decoded: string): string {
  return decoded.replace(C1, (char) => CP1252_OF_C1.get(char) ?? char);
}

/** A whole file's text and the encoding it was read in. */
export function decodeBytes(bytes: Uint8Array): { text: string; encoding: SourceEncoding } {
  const marked = encodingOfByteOrderMark(bytes);
  if (marked) return { text: decoderFor(marked, false).decode(bytes), encoding: marked };
  try {
    return { text: decoderFor('utf-8', true).decode(bytes), encoding: 'utf-8' };
  } catch {
    return { text: windows1252Text(decoderFor('windows-1252', false).decode(bytes)), encoding: 'windows-1252' };
  }
}

/** A NUL, or control characters (other than tab and line breaks) in more than 1 % of the first 4,096: a binary file, not text. */
export function looksBinary(text: string): boolean {
  if (text.includes(String.fromCharCode(0))) return true;
  const sampleLength = Math.min(text.length, 4096);
  let controls = 0;
  for (let i = 0; i < sampleLength; i++) if (isControlCharacter(text.charCodeAt(i))) controls += 1;
  return controls > sampleLength * 0.01;
}
