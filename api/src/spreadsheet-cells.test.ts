import { describe, expect, it } from 'vitest';
import { spreadsheetCell, spreadsheetValue } from './spreadsheet-cells.ts';

describe('spreadsheetCell', () => {
  it.each([
    ['=HYPERLINK("http://evil.test")', `'=HYPERLINK("http://evil.test")`],
    ['+1+1', "'+1+1"],
    ['-5', "'-5"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\t=1+1', "'\t=1+1"],
    ['\r=1', "'\r=1"],
    ["'=1", "''=1"],
    ["'hello", "'hello"],
    ['Island Tee', 'Island Tee'],
    ['2500', '2500'],
    ['', ''],
  ])('writes %j as %j', (value, cell) => expect(spreadsheetCell(value)).toBe(cell));
});

describe('spreadsheetValue', () => {
  it.each(['=HYPERLINK("x")', '+1', '-5', '-50% off', '@SUM(A1)', '\t=1+1', "'=1", "''+2", "'hello", 'Island Tee', '2500', ''])(
    'reads back %j',
    (value) => {
      expect(spreadsheetValue(spreadsheetCell(value))).toBe(value);
    },
  );

  it('keeps data typed without an apostrophe as it is', () => {
    expect(spreadsheetValue('-5')).toBe('-5');
    expect(spreadsheetValue("'hello")).toBe("'hello");
  });
});
