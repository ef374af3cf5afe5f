/**
 * Zooming and moving a chart's x range from the keyboard: `+` zooms in (half the range, around its middle),
 * `−` zooms out (twice the range), the arrow keys move it by a quarter, Home (or 0) shows all again. The
 * range never leaves the data's own and never shrinks below a thousandth of it.
 */

export interface Range {
  min: number;
  max: number;
}

/** What the chart's focusable area says to screen readers about its keys. */
export const ZOOM_KEYS_HELP = 'Zoom in with +, out with −, move with the left and right arrow keys, Home shows all';

/** The x range after `key`, or null when the key does nothing to it. */
export function zoomedRange(key: string, current: Range, full: Range): Range | null {
  const span = current.max - current.min;
  const fullSpan = full.max - full.min;
  if (!(fullSpan > 0)) return null;
  const clamp = (min: number, width: number): Range => {
    const w = Math.min(fullSpan, Math.max(width, fullSpan / 1000));
    const start = Math.min(full.max - w, Math.max(full.min, min));
    return { min: start, max: start + w };
  };
  const middle = current.min + span / 2;
  switch (key) {
    case '+':
    case '=':
      return clamp(middle - span / 4, span / 2);
    case '-':
    case '_':
    case '\u2212':
      return clamp(middle - span, span * 2);
    case 'ArrowLeft':
      return clamp(current.min - span / 4, span);
    case 'ArrowRight':
      return clamp(current.min + span / 4, span);
    case 'Home':
    case '0':
      return { ...full };
    default:
      return null;
  }
}
