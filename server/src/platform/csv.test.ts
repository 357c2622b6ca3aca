import { describe, expect, it } from 'vitest';
import { csvCell, csvLine, inertText } from './csv.js';

describe('csvCell (RFC 4180)', () => {
  it.each([
    ['plain', 'plain'],
    ['', ''],
    ['a,b', '"a,b"'],
    ['say "hi"', '"say ""hi"""'],
    ['two\nlines', '"two\nlines"'],
    ['cr\rhere', '"cr\rhere"'],
    ['"', '""""'],
  ])('%j → %j', (value, expected) => {
    expect(csvCell(value)).toBe(expected);
  });

  it('ends a record with CRLF and quotes only the fields that need it', () => {
    expect(csvLine(['a', 'b,c', ''])).toBe('a,"b,c",\r\n');
  });
});

describe('inertText (formula injection)', () => {
  it.each([
    ['=HYPERLINK("http://x")', `'=HYPERLINK("http://x")`],
    ['+1', "'+1"],
    ['-2+3', "'-2+3"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\tx', "'\tx"],
    ['\rx', "'\rx"],
  ])('guards %j', (value, expected) => {
    expect(inertText(value)).toBe(expected);
  });

  it('leaves ordinary text alone and writes null as an empty field', () => {
    expect(inertText('NIFTY 50')).toBe('NIFTY 50');
    expect(inertText('a=b')).toBe('a=b');
    expect(inertText(null)).toBe('');
  });

  it('guards first, then quotes: the cell stays one cell and inert', () => {
    expect(csvCell(inertText('=1+2,"x"'))).toBe(`"'=1+2,""x"""`);
    expect(csvCell(inertText('\rcmd'))).toBe(`"'\rcmd"`);
  });
});
