/** Text clean-up for matching descriptions: mojibake repair and folding to plain lowercase ASCII. */

/** Windows-1252 characters of bytes 0x80–0x9F, mapped back to their byte. */
export const CP1252_BYTES: Readonly<Record<string, number>> = {
  '\u20ac': 0x80,
  '\u201a': 0x82,
  '\u0192': 0x83,
  '\u201e': 0x84,
  '\u2026': 0x85,
  '\u2020': 0x86,
  '\u2021': 0x87,
  '\u02c6': 0x88,
  '\u2030': 0x89,
  '\u0160': 0x8a,
  '\u2039': 0x8b,
  '\u0152': 0x8c,
  '\u017d': 0x8e,
  '\u2018': 0x91,
  '\u2019': 0x92,
  '\u201c': 0x93,
  '\u201d': 0x94,
  '\u2022': 0x95,
  '\u2013': 0x96,
  '\u2014': 0x97,
  '\u02dc': 0x98,
  '\u2122': 0x99,
  '\u0161': 0x9a,
  '\u203a': 0x9b,
  '\u0153': 0x9c,
  '\u017e': 0x9e,
  '\u0178': 0x9f,
};

/** A UTF-8 lead byte read as Latin-1/Windows-1252 (`Ã`, `Â`, `Å`, `â`…) followed by a continuation character. */
const MOJIBAKE =
  /[\u00c2-\u00f4][\u0080-\u00bf\u20ac\u201a\u0192\u201e\u2026\u2020\u2021\u02c6\u2030\u0160\u2039\u0152\u017d\u2018\u2019\u201c\u201d\u2022\u2013\u2014\u02dc\u2122\u0161\u203a\u0153\u017e\u0178]/;

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * Repairs text that was UTF-8, read as Windows-1252 and written again as UTF-8 (`CrÃ©dito` → `Crédito`).
 * Text that does not decode cleanly is returned unchanged.
 */
export function repairMojibake(text: string): string {
  if (!MOJIBAKE.test(text)) return text;
  const bytes = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    const byte = code < 0x100 ? code : CP1252_BYTES[text[i]!];
    if (byte === undefined) return text;
    bytes[i] = byte;
  }
  try {
    return strictUtf8.decode(bytes);
  } catch {
    return text;
  }
}

const LETTERS_WITHOUT_DECOMPOSITION: Record<string, string> = {
  ß: 'ss',
  ø: 'o',
  æ: 'ae',
  œ: 'oe',
  ł: 'l',
  đ: 'd',
  ı: 'i',
};

/** Lowercase, accents removed, whitespace runs collapsed: `Impôts  sur dividende` → `impots sur dividende`. */
export function foldText(text: string): string {
  let folded = text.toLowerCase();
  if (/[\u0080-\uffff]/.test(folded)) {
    folded = folded
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/[ßøæœłđı]/g, (letter) => LETTERS_WITHOUT_DECOMPOSITION[letter] ?? letter);
  }
  return folded.replace(/\s+/g, ' ').trim();
}

const NON_ASCII = /[\u0080-\uffff]/g;

/** Number of UTF-8 bytes of `text`, without encoding it (a native scan finds the few non-ASCII characters). */
export function utf8Length(text: string): number {
  let bytes = text.length;
  for (const char of text.match(NON_ASCII) ?? []) {
    const code = char.charCodeAt(0);
    // 2 bytes below U+0800; surrogate halves make 4 bytes per pair; the rest of the BMP 3 bytes.
    bytes += code < 0x800 || (code >= 0xd800 && code <= 0xdfff) ? 1 : 2;
  }
  return bytes;
}

/** Control characters other than tab and line breaks, which no text file of ours contains. */
export function isControlCharacter(code: number): boolean {
  return (code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d) || code === 0x7f;
}
