/**
 * A strategy type's registration pack (issue 31 item 9) as Markdown, and the same as lines for the PDF: the
 * white-box description brokers ask for before they register an algo with the exchange. Pure: the facts come in.
 */
import type { PdfLine } from './pdf-text.logic.js';

export interface PackFacts {
  strategy: {
    id: string;
    version: number;
    algoId: string;
    whiteBox: { summary: string; rules: readonly string[]; settings: readonly string[] };
  };
  /** The controls the console applies to every order of it, in words, with their figures. */
  controls: readonly string[];
  /** The caller's latest finished backtest of it, in words; null: none. */
  backtest: readonly string[] | null;
  /** The caller's own paper and sandbox trading of it, in words. */
  trading: readonly string[];
  /** "28 Nov 2026, 14:02 IST". */
  generatedAt: string;
  /** Who asked, and the console's mode (sandbox or live). */
  preparedFor: string;
  mode: string;
}

interface Section {
  title: string;
  lines: readonly string[];
  /** Lines as a list (each a bullet) rather than paragraphs. */
  isList: boolean;
}

function sectionsOf(f: PackFacts): Section[] {
  const s = f.strategy;
  return [
    {
      title: 'Strategy',
      isList: true,
      lines: [
        `Name: ${s.id}`,
        `Rules version: ${s.version}`,
        `Algo ID: ${s.algoId}`,
        `Prepared for: ${f.preparedFor}, on a ${f.mode} console, ${f.generatedAt}`,
      ],
    },
    { title: 'What it does', isList: false, lines: [s.whiteBox.summary] },
    { title: 'Rules', isList: true, lines: s.whiteBox.rules },
    { title: 'Settings and their bounds', isList: true, lines: s.whiteBox.settings },
    { title: 'Risk controls in force', isList: true, lines: f.controls },
    {
      title: 'Evidence: latest backtest',
      isList: f.backtest !== null,
      lines: f.backtest ?? ['No finished backtest of this strategy yet (Strategy Lab).'],
    },
    { title: 'Evidence: paper and sandbox trading', isList: true, lines: f.trading },
  ];
}

export function packTitle(f: PackFacts): string {
  return `${f.strategy.id} (rules v${f.strategy.version}, algo ID ${f.strategy.algoId}): algo registration pack`;
}

export function packMarkdown(f: PackFacts): string {
  const out = [`# ${packTitle(f)}`, ''];
  for (const section of sectionsOf(f)) {
    out.push(`## ${section.title}`, '');
    for (const line of section.lines) out.push(section.isList ? `- ${line}` : line);
    out.push('');
  }
  return out.join('\n');
}

export function packPdfLines(f: PackFacts): PdfLine[] {
  const lines: PdfLine[] = [{ text: packTitle(f), heading: true }, { text: '' }];
  for (const section of sectionsOf(f)) {
    lines.push({ text: section.title, heading: true });
    for (const line of section.lines) lines.push({ text: section.isList ? `- ${line}` : line });
    lines.push({ text: '' });
  }
  return lines;
}
