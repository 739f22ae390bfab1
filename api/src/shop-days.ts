/**
 * Jamaica keeps UTC−5 all year (no daylight saving), so its days are fixed UTC ranges: a day
 * starts at 05:00 UTC. Times are the ISO strings orders keep, which sort as they compare.
 */
const offsetMs = 5 * 60 * 60 * 1000;
const dayMs = 24 * 60 * 60 * 1000;

/** The Jamaican date (YYYY-MM-DD) of a moment. */
export const jamaicaDay = (moment: Date | string): string => new Date(new Date(moment).getTime() - offsetMs).toISOString().slice(0, 10);

/** When a Jamaican date (YYYY-MM-DD) starts, as an ISO string in UTC. */
export const dayStart = (day: string): string => new Date(Date.parse(`${day}T00:00:00.000Z`) + offsetMs).toISOString();

/** The Jamaican date `days` after (or before) `day`. */
export const addDays = (day: string, days: number): string =>
  new Date(Date.parse(`${day}T00:00:00.000Z`) + days * dayMs).toISOString().slice(0, 10);

/** The first of the month of a Jamaican date. */
export const monthOf = (day: string): string => `${day.slice(0, 7)}-01`;
