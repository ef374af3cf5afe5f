import { describe, expect, it } from 'vitest';
import { LIST_NAMED, LIST_SHOWN_WHOLE, priceNotice, type PriceProblem } from '#src/machines/dashboard-selectors';

const problems = (count: number): PriceProblem[] =>
  Array.from({ length: count }, (_, i) => ({ symbol: `S${String(i).padStart(2, '0')}`, message: `No data for S${i}` }));
const none = { noSource: [], noPrices: [] };

describe('price notice over many failed symbols', () => {
  it('has nothing to say when every price came and nothing is provisional', () => {
    expect(priceNotice([], none)).toBeNull();
  });

  it('shows a short list whole, with nothing behind the disclosure', () => {
    const five = problems(LIST_SHOWN_WHOLE);
    expect(priceNotice(five, none)?.problems).toEqual({ count: 5, named: five, more: [] });
  });

  it('of 33 symbols offline names the first three and counts them all; the other 30 wait behind the disclosure, in order', () => {
    const many = problems(33);
    const notice = priceNotice(many, none)!.problems!;
    expect(notice.count).toBe(33);
    expect(notice.named.map((p) => p.symbol)).toEqual(['S00', 'S01', 'S02']);
    expect(notice.named).toHaveLength(LIST_NAMED);
    expect(notice.more).toHaveLength(30);
    expect([...notice.named, ...notice.more]).toEqual(many);
  });

  it('names the first three of a list just one over the short length, the rest behind the disclosure', () => {
    const notice = priceNotice(problems(LIST_SHOWN_WHOLE + 1), none)!.problems!;
    expect(notice.named).toHaveLength(LIST_NAMED);
    expect(notice.more).toHaveLength(LIST_SHOWN_WHOLE + 1 - LIST_NAMED);
  });
});
