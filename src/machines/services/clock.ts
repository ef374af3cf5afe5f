/** The investor's local calendar day, `YYYY-MM-DD`: the engine's `asOf`. */
export function localToday(now: Date = new Date()): string {
  const month = String(now.getMonth() + 1).padStart(2, '0');
  const day = String(now.getDate()).padStart(2, '0');
  return `${now.getFullYear()}-${month}-${day}`;
}

/** Unix seconds now. */
export function nowSeconds(now: Date = new Date()): number {
  return Math.floor(now.getTime() / 1000);
}
