import { describe, expect, it } from 'vitest';
import { pdfFromLines, wrapText } from './pdf-text.logic.js';

describe('a text PDF', () => {
  it('is a PDF whose cross-reference table points at each object', () => {
    const pdf = pdfFromLines(
      [{ text: 'RDX registration', heading: true }, { text: 'Sells a strangle (₹24,500).' }],
      'RDX',
    );
    const text = pdf.toString('latin1');
    expect(text.startsWith('%PDF-1.4')).toBe(true);
    expect(text.trimEnd().endsWith('%%EOF')).toBe(true);
    const xrefAt = Number(/startxref\n(\d+)/.exec(text)![1]);
    expect(text.slice(xrefAt, xrefAt + 4)).toBe('xref');
    const offsets = [...text.slice(xrefAt).matchAll(/^(\d{10}) 00000 n $/gm)].map((m) => Number(m[1]));
    offsets.forEach((offset, i) => expect(text.slice(offset).startsWith(`${i + 1} 0 obj`)).toBe(true));
    expect(text).toContain('(Sells a strangle \\(Rs.24,500\\).) Tj');
  });

  it('turns to a new page when the text runs past the bottom margin', () => {
    const lines = Array.from({ length: 120 }, (_, i) => ({ text: `line ${i}` }));
    const text = pdfFromLines(lines, 'long').toString('latin1');
    expect(/\/Count (\d+)/.exec(text)![1]).toBe('3');
  });

  it('wraps words to the width, cutting only a word longer than a line', () => {
    expect(wrapText('one two three four', 9)).toEqual(['one two', 'three', 'four']);
    expect(wrapText('abcdefghij', 4)).toEqual(['abcd', 'efgh', 'ij']);
  });
});
