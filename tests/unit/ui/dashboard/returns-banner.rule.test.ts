import { describe, expect, it } from 'vitest';
import { returnsBanner } from '#src/machines/dashboard-selectors';
import { derive, quote, setOf, tx } from '#helpers/ui/dashboard-portfolio';

describe('returns banner rule', () => {
  it('hides the banner before there is a summary', () => {
    expect(returnsBanner(null)).toBeNull();
  });

  it('hides the banner when the total return is exactly 0: a holding still priced at cost', () => {
    const atCost = derive(setOf(tx('NEW.DE', 'stock', '2024-03-01', 10, 1000)), [], '2024-03-05');
    expect(atCost.summary.portfolioValue).toBe(1000);
    expect(atCost.summary.totalReturn.absolute).toBe(0);
    expect(returnsBanner(atCost.summary)).toBeNull();
  });

  it('shows value, total return, then 1d, 1w and 1m returns when the total return is not 0', () => {
    const bars: Array<[string, number]> = [
      ['2024-02-01', 100],
      ['2024-03-01', 90],
      ['2024-03-24', 95],
      ['2024-03-29', 80],
    ];
    const losing = derive(
      setOf(tx('SAP.DE', 'stock', '2024-02-01', 10, 1000), tx('SAP.DE', 'commission', '2024-02-01', 1, 5)),
      [quote('SAP.DE', 'EUR', bars)],
      '2024-03-31',
    );
    const banner = returnsBanner(losing.summary);
    expect(banner).not.toBeNull();
    expect(banner!.portfolioValue).toBe(800);
    expect(banner!.returns.map((r) => r.label)).toEqual(['Total', '1d', '1w', '1m']);
    const [total, day, week, month] = banner!.returns;
    // profit = 800 − 1000 − 5; percentages are of the value on asOf.
    expect(total).toEqual({ label: 'Total', absolute: -205, percentage: (-205 / 800) * 100 });
    expect(day!.absolute).toBe(0);
    expect(week!.absolute).toBeCloseTo(-150, 9);
    expect(month!.absolute).toBeCloseTo(-100, 9);
    expect(month!.percentage).toBeCloseTo(-12.5, 9);
  });
});
