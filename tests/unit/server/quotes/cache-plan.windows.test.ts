import { describe, expect, it } from 'vitest';
import { coverageAfter, planFetch, type PlanInput } from '#server/quotes/cache-plan';

const DAY = 86_400;
const HOUR = 3_600;
const now = 1_000 * DAY;
const base: Omit<PlanInput, 'coverage' | 'startSeconds' | 'endSeconds'> = {
  nowSeconds: now,
  freshSeconds: HOUR / 4,
  healSeconds: 5 * DAY,
};
const pastCoverage = { startSeconds: 100 * DAY, endSeconds: 200 * DAY, fetchedAtSeconds: 900 * DAY };

describe('what the cache asks the upstream for', () => {
  it('asks for the whole range when nothing is cached', () => {
    expect(planFetch({ ...base, coverage: null, startSeconds: 10 * DAY, endSeconds: 20 * DAY })).toEqual({
      startSeconds: 10 * DAY,
      endSeconds: 20 * DAY,
    });
  });

  it('asks for nothing when the range lies inside the coverage', () => {
    expect(planFetch({ ...base, coverage: pastCoverage, startSeconds: 120 * DAY, endSeconds: 200 * DAY })).toBeNull();
  });

  it('asks for the tail from five days before the end of the coverage', () => {
    expect(planFetch({ ...base, coverage: pastCoverage, startSeconds: 120 * DAY, endSeconds: 300 * DAY })).toEqual({
      startSeconds: 195 * DAY,
      endSeconds: 300 * DAY,
    });
  });

  it('asks for the head up to a day into the coverage', () => {
    expect(planFetch({ ...base, coverage: pastCoverage, startSeconds: 50 * DAY, endSeconds: 150 * DAY })).toEqual({
      startSeconds: 50 * DAY,
      endSeconds: 101 * DAY,
    });
  });

  it('asks for the whole range in one call when both head and tail are missing', () => {
    expect(planFetch({ ...base, coverage: pastCoverage, startSeconds: 50 * DAY, endSeconds: 300 * DAY })).toEqual({
      startSeconds: 50 * DAY,
      endSeconds: 300 * DAY,
    });
  });

  it('treats coverage fetched up to the present as current for a while, then asks for the tail', () => {
    const live = { startSeconds: 100 * DAY, endSeconds: now - 60, fetchedAtSeconds: now - 60 };
    const request = { coverage: live, startSeconds: 100 * DAY, endSeconds: now + DAY };
    expect(planFetch({ ...base, ...request })).toBeNull();
    expect(planFetch({ ...base, ...request, nowSeconds: now + HOUR })).toEqual({
      startSeconds: now - 60 - 5 * DAY,
      endSeconds: now + DAY,
    });
  });

  it('ends the coverage at the present even when a future end was asked', () => {
    expect(coverageAfter(null, { startSeconds: 10 * DAY, endSeconds: now + DAY }, now)).toEqual({
      startSeconds: 10 * DAY,
      endSeconds: now,
      fetchedAtSeconds: now,
    });
  });

  it('widens the coverage by a fetched head without moving its fetch time', () => {
    expect(coverageAfter(pastCoverage, { startSeconds: 50 * DAY, endSeconds: 101 * DAY }, now)).toEqual({
      startSeconds: 50 * DAY,
      endSeconds: 200 * DAY,
      fetchedAtSeconds: 900 * DAY,
    });
  });
});
