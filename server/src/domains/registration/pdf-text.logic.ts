/**
 * A text-only PDF (PDF 1.4, ISO 32000-1): lines of Helvetica on A4 pages, wrapped to the page, headings larger.
 * Enough for a registration pack a broker reads and files; no layout beyond that. Text is Latin-1 (WinAnsi):
 * anything else is written as "?", and "₹" as "Rs.".
 */

/** A line to set: a heading (bigger, bold) or body text; an empty body line is a gap. */
export interface PdfLine {
  text: string;
  heading?: boolean;
}

const PAGE = { width: 595, height: 842, margin: 56 }; // A4 in points
const BODY = { font: 'F1', size: 10, leading: 14, wrapAt: 95 };
const HEAD = { font: 'F2', size: 13, leading: 20, wrapAt: 70 };

/** Words to lines of at most `width` characters (a word longer than that is cut). */
export function wrapText(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    for (let rest = word; rest.length > 0;) {
      const piece = rest.slice(0, width);
      rest = rest.slice(width);
      if (line === '') line = piece;
      else if (line.length + 1 + piece.length <= width) line += ` ${piece}`;
      else {
        lines.push(line);
        line = piece;
      }
    }
  }
  lines.push(line);
  return lines;
}

/** A string as a PDF literal: backslash, parentheses escaped; outside Latin-1 replaced. */
function literal(text: string): string {
  const latin = text.replace(/₹/g, 'Rs.').replace(/[^\x20-\x7e\xa0-\xff]/g, '?');
  return `(${latin.replace(/[\\()]/g, (c) => `\\${c}`)})`;
}

/** The pages' content streams: each a list of text-showing operators. */
function layOut(lines: readonly PdfLine[]): string[] {
  const pages: string[][] = [[]];
  let y = PAGE.height - PAGE.margin;
  for (const line of lines) {
    const style = line.heading ? HEAD : BODY;
    const wrapped = line.text === '' ? [''] : wrapText(line.text, style.wrapAt);
    for (const piece of wrapped) {
      if (y - style.leading < PAGE.margin) {
        pages.push([]);
        y = PAGE.height - PAGE.margin;
      }
      y -= style.leading;
      if (piece !== '') {
        pages[pages.length - 1]!.push(
          `BT /${style.font} ${style.size} Tf ${PAGE.margin} ${y} Td ${literal(piece)} Tj ET`,
        );
      }
    }
  }
  return pages.map((ops) => ops.join('\n'));
}

/** The whole file: catalog, page tree, two fonts, a page and a content stream per page, the xref table. */
export function pdfFromLines(lines: readonly PdfLine[], title: string): Buffer {
  const contents = layOut(lines);
  const objects: string[] = [];
  const add = (body: string) => objects.push(body); // object n is objects[n - 1]
  add('<< /Type /Catalog /Pages 2 0 R >>');
  const pageIds = contents.map((_, i) => 6 + i * 2);
  add(`<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${contents.length} >>`);
  add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>');
  add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>');
  add(`<< /Title ${literal(title)} /Producer (trading console) >>`);
  for (const [i, content] of contents.entries()) {
    const contentId = pageIds[i]! + 1;
    add(
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${PAGE.width} ${PAGE.height}] ` +
        `/Resources << /Font << /F1 3 0 R /F2 4 0 R >> >> /Contents ${contentId} 0 R >>`,
    );
    add(`<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}\nendstream`);
  }
  let out = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n';
  const offsets: number[] = [];
  for (const [i, body] of objects.entries()) {
    offsets.push(Buffer.byteLength(out, 'latin1'));
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  }
  const xrefAt = Buffer.byteLength(out, 'latin1');
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) out += `${String(offset).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info 5 0 R >>\nstartxref\n${xrefAt}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}
