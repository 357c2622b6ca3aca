import { describe, expect, it } from 'vitest';
import { packMarkdown, packPdfLines, type PackFacts } from './registration-pack.logic.js';

const facts: PackFacts = {
  strategy: {
    id: 'RDX',
    version: 2,
    algoId: 'RDX-2',
    whiteBox: { summary: 'Sells a strangle.', rules: ['Rule one.', 'Rule two.'], settings: ['Lot Count: 1 to 50.'] },
  },
  controls: ['Order rate: 10 a second.'],
  backtest: null,
  trading: ['Paper: no fills yet.'],
  generatedAt: '28 Nov 2026, 14:02 IST',
  preparedFor: 'asha',
  mode: 'live',
};

describe('a registration pack', () => {
  it('sets out every section in order, rules as a list, the summary as a paragraph', () => {
    const md = packMarkdown(facts);
    expect(md.split('\n').filter((l) => l.startsWith('#'))).toEqual([
      '# RDX (rules v2, algo ID RDX-2): algo registration pack',
      '## Strategy',
      '## What it does',
      '## Rules',
      '## Settings and their bounds',
      '## Risk controls in force',
      '## Evidence: latest backtest',
      '## Evidence: paper and sandbox trading',
    ]);
    expect(md).toContain('- Rule one.\n- Rule two.');
    expect(md).toContain('\nSells a strangle.\n');
    expect(md).toContain('No finished backtest of this strategy yet (Strategy Lab).');
    expect(md).toContain('- Prepared for: asha, on a live console, 28 Nov 2026, 14:02 IST');
  });

  it('gives the PDF the same text, headings marked', () => {
    const lines = packPdfLines(facts);
    expect(lines.filter((l) => l.heading).map((l) => l.text)).toHaveLength(8);
    expect(lines.map((l) => l.text)).toContain('- Order rate: 10 a second.');
  });
});
