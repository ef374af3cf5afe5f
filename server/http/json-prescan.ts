/**
 * An incremental pre-scan of JSON bytes as they arrive: it counts the body's bytes, its nesting depth,
 * its containers (`[`/`{`) and its elements (containers plus separators, an upper bound of the array
 * items and object members) outside strings, and stops at the first limit crossed. Nothing is built:
 * only a body within every limit is handed to `JSON.parse`, whose time then stays bounded (10 MiB of
 * `[]` would build 3.5 million arrays and hold the event loop for seconds). It does not check the JSON
 * grammar; `JSON.parse` still does.
 */

export interface JsonBodyLimits {
  /** Bytes of the body. */
  maxBytes: number;
  /** Arrays and objects inside each other. */
  maxDepth: number;
  /** Arrays and objects in all (the costly things to build). */
  maxContainers: number;
  /** Containers plus `,` separators: a bound on array items and object members in all. */
  maxElements: number;
}

export type JsonLimitCrossed = 'bytes' | 'depth' | 'containers' | 'elements';

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_ARRAY = 0x5b;
const OPEN_OBJECT = 0x7b;
const CLOSE_ARRAY = 0x5d;
const CLOSE_OBJECT = 0x7d;
const COMMA = 0x2c;

export class JsonPrescan {
  private bytes = 0;
  private depth = 0;
  private containers = 0;
  private elements = 0;
  private inString = false;
  private escaped = false;

  constructor(private readonly limits: JsonBodyLimits) {}

  /** Scans the next chunk; the first limit it crosses, or undefined while the body is within them. */
  feed(chunk: Uint8Array): JsonLimitCrossed | undefined {
    this.bytes += chunk.length;
    if (this.bytes > this.limits.maxBytes) return 'bytes';
    const { maxDepth, maxContainers, maxElements } = this.limits;
    let { depth, containers, elements, inString } = this;
    let crossed: JsonLimitCrossed | undefined;
    const end = chunk.length;
    // One pass over the bytes, each looked at once: no string, no regular expression, no native call per
    // string (most of a real body is short strings, where a call to find the closing quote costs more
    // than walking to it). An escape split across two chunks skips the next chunk's first byte.
    let i = 0;
    if (this.escaped && end > 0) {
      i = 1;
      this.escaped = false;
    }
    while (i < end) {
      if (inString) {
        // To the closing quote in a loop of its own: most of a real body is inside strings.
        while (i < end) {
          const byte = chunk[i]!;
          if (byte === QUOTE) {
            inString = false;
            i++;
            break;
          }
          if (byte === BACKSLASH) {
            if (i + 1 === end) this.escaped = true;
            i += 2;
          } else i++;
        }
        continue;
      }
      const byte = chunk[i]!;
      i++;
      if (byte === QUOTE) {
        inString = true;
      } else if (byte === OPEN_ARRAY || byte === OPEN_OBJECT) {
        if (++depth > maxDepth) crossed = 'depth';
        else if (++containers > maxContainers) crossed = 'containers';
        else if (++elements > maxElements) crossed = 'elements';
        if (crossed !== undefined) break;
      } else if (byte === CLOSE_ARRAY || byte === CLOSE_OBJECT) {
        depth--;
      } else if (byte === COMMA && ++elements > maxElements) {
        crossed = 'elements';
        break;
      }
    }
    this.depth = depth;
    this.containers = containers;
    this.elements = elements;
    this.inString = inString;
    return crossed;
  }
}
