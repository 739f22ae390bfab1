/**
 * Text that a spreadsheet would run as a formula when it opens a CSV file: a cell starting with
 * `=`, `+`, `-`, `@`, a tab or a carriage return (OWASP's list for CSV injection). Apostrophes before
 * such a start count too, so that a value which itself starts with `'=` reads back whole.
 */
const formulaStart = /^'*[=+\-@\t\r]/;

/**
 * A cell of an exported CSV file: text that a spreadsheet would run as a formula (a name typed into
 * a public form as `=HYPERLINK(…)`) is kept as text by a leading apostrophe, which spreadsheets show
 * as nothing. Every export of the shop writes its cells through this.
 */
export const spreadsheetCell = (value: string) => (formulaStart.test(value) ? `'${value}` : value);

/**
 * A cell of an imported CSV file as the value it holds: the apostrophe `spreadsheetCell` (or a person
 * in a spreadsheet) put before formula text is taken off, so an export imports back unchanged, a
 * `-5` typed as data stays `-5`, and an apostrophe before any other text is kept.
 */
export const spreadsheetValue = (cell: string) => (cell.startsWith("'") && formulaStart.test(cell) ? cell.slice(1) : cell);
