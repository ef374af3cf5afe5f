const money = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** Exactly two decimals, thousands grouped: `12,345.60`. */
export function formatNumber(value: number): string {
  return money.format(Object.is(value, -0) ? 0 : value);
}

/** A number with its sign spelled out, so gains and losses never rely on colour alone. */
export function formatSigned(value: number): string {
  const text = formatNumber(Math.abs(value));
  return value > 0 ? `+${text}` : value < 0 ? `−${text}` : text;
}

export function formatEur(value: number): string {
  return `${formatNumber(value)} €`;
}
