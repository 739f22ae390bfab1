/**
 * Money as a person types it: into a back-office field or a cell of the catalogue's CSV import, one
 * reading for both. `1500`, `1500.5`, `1,500.00`, `J$1,500` and `$1500` (what a spreadsheet shows
 * for JMD, in major units); spaces anywhere are ignored.
 */
const moneyTextPattern = /^(?:J?\$)?(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{1,2}))?$/;

/** The largest amount a money column holds, in cents (a 32-bit integer). */
export const maxMoneyCents = 2_147_483_647;

/** Typed JMD in major units as cents, without floating point; null for text that is not an amount. */
export function parseMoneyText(text: string): number | null {
  const match = moneyTextPattern.exec(text.replace(/\s/g, ''));
  if (!match) return null;
  const whole = Number((match[1] ?? '').replace(/,/g, ''));
  const cents = whole * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return cents <= maxMoneyCents ? cents : null;
}

/** Typed JMD as the API's amount in major units (`3,900` is 3900, `J$1,500.5` is 1500.5); null for text that is not an amount. */
export function moneyAmountOf(text: string): number | null {
  const cents = parseMoneyText(text);
  return cents === null ? null : cents / 100;
}

/** What a back-office money field says beside it when what was typed is not an amount. */
export const moneyTextMessage = 'Enter an amount in JMD like 3900, 3,900.50 or J$3,900.';
