import { describe, expect, it } from 'vitest';
import { priceProblemsNotice, PROBLEMS_NAMED, PROBLEMS_SHOWN_WHOLE, type PriceProblem } from '../../../../src/machines/dashboard-selectors';

const problems = (count: number): PriceProblem[] => Array.from({ length: count }, (_, i) => ({ symbol: `S${String(i).padStart(2, '0')}`, message: `No data for S${i}` }));

describe('price problems notice', () => {
  it('has nothing to say when every price came', () => {
    expect(priceProblemsNotice([])).toBeNull();
  });

  it('shows a short list whole, with nothing behind the disclosure', () => {
    const five = problems(PROBLEMS_SHOWN_WHOLE);
    expect(priceProblemsNotice(five)).toEqual({ count: 5, named: five, more: [] });
  });

  it('of 33 symbols offline names the first three and counts them all; the other 30 wait behind the disclosure, in order', () => {
    const many = problems(33);
    const notice = priceProblemsNotice(many)!;
    expect(notice.count).toBe(33);
    expect(notice.named.map((p) => p.symbol)).toEqual(['S00', 'S01', 'S02']);
    expect(notice.named).toHaveLength(PROBLEMS_NAMED);
    expect(notice.more).toHaveLength(30);
    expect([...notice.named, ...notice.more]).toEqual(many);
  });

  it('names the first three of a list just one over the short length, the rest behind the disclosure', () => {
    const notice = priceProblemsNotice(problems(PROBLEMS_SHOWN_WHOLE + 1))!;
    expect(notice.named).toHaveLength(PROBLEMS_NAMED);
    expect(notice.more).toHaveLength(PROBLEMS_SHOWN_WHOLE + 1 - PROBLEMS_NAMED);
  });
});
