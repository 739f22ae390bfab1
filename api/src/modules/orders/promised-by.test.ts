import { describe, expect, it } from 'vitest';
import { defaultPublicHolidays, expectedByText, isLate, jamaicaDate, promisedBy } from '@threadline/contracts';

const holidays = defaultPublicHolidays.map((holiday) => holiday.date);

describe('promisedBy (KINGSTON.md §3)', () => {
  it.each([
    // placed at (UTC), lead days, promised by; Kingston is UTC−5 all year
    ['2026-12-02T15:00:00Z', 1, '2026-12-03', 'Wednesday → Thursday'],
    ['2026-12-04T15:00:00Z', 1, '2026-12-05', 'Friday → Saturday (a business day)'],
    ['2026-12-04T15:00:00Z', 2, '2026-12-07', 'Friday, 2 days: the Sunday is skipped'],
    ['2026-12-05T02:30:00Z', 1, '2026-12-05', 'Friday 21:30 in Kingston is still Friday there (Saturday in UTC)'],
    ['2026-12-05T05:30:00Z', 1, '2026-12-07', 'Saturday 00:30 in Kingston: the next business day is Monday'],
    ['2026-12-06T15:00:00Z', 1, '2026-12-07', 'placed on a Sunday'],
    ['2026-12-24T15:00:00Z', 1, '2026-12-28', 'Christmas, Boxing Day and the Sunday skipped'],
    ['2026-12-24T15:00:00Z', 3, '2026-12-30', 'across Christmas'],
    ['2026-12-30T15:00:00Z', 2, '2027-01-02', "New Year's Day skipped"],
    ['2026-10-16T15:00:00Z', 1, '2026-10-17', 'Friday before National Heroes Day → Saturday'],
    ['2026-10-16T15:00:00Z', 2, '2026-10-20', 'the Sunday and Heroes Day (third Monday of October) skipped'],
    ['2026-05-22T15:00:00Z', 2, '2026-05-26', 'Labour Day kept on Monday 25 May (23 May is a Saturday)'],
    ['2027-07-30T15:00:00Z', 2, '2027-08-03', 'Emancipation Day kept on Monday 2 August (1 August is a Sunday)'],
    ['2026-12-06T15:00:00Z', 0, '2026-12-07', 'no lead time on a Sunday: the next business day'],
    ['2026-12-07T15:00:00Z', 0, '2026-12-07', 'no lead time on a business day: that day'],
  ] satisfies [string, number, string, string][])('%s + %i business days = %s (%s)', (placedAt, leadDays, expected) => {
    expect(promisedBy(new Date(placedAt), leadDays, holidays)).toBe(expected);
  });

  it('counts no holiday the settings do not hold', () => {
    expect(promisedBy(new Date('2026-12-24T15:00:00Z'), 1, [])).toBe('2026-12-25');
  });

  it("reads Jamaica's date, a readable promise and whether an order is late", () => {
    expect(jamaicaDate(new Date('2026-12-01T04:59:00Z'))).toBe('2026-11-30');
    expect(jamaicaDate(new Date('2026-12-01T05:00:00Z'))).toBe('2026-12-01');
    expect(expectedByText('2026-12-08')).toBe('Expected by Tuesday, December 8, 2026');
    expect(isLate({ promised_by: '2026-12-07', status: 'processing' }, '2026-12-08')).toBe(true);
    expect(isLate({ promised_by: '2026-12-08', status: 'processing' }, '2026-12-08')).toBe(false);
    expect(isLate({ promised_by: '2026-12-07', status: 'delivered' }, '2026-12-08')).toBe(false);
    expect(isLate({ promised_by: null, status: 'pending' }, '2026-12-08')).toBe(false);
  });
});
