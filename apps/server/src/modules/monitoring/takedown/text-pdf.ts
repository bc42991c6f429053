/**
 * A PDF of plain text lines (A4, Helvetica 10 pt, wrapped and paged): enough for an abuse report,
 * with no dependency. Characters outside WinAnsi are written as `?`.
 */

const PAGE = { width: 595, height: 842, margin: 50, size: 10, leading: 14 };
const COLUMNS = 95;
const LINES_PER_PAGE = Math.floor((PAGE.height - 2 * PAGE.margin) / PAGE.leading);

function wrap(line: string): string[] {
  if (line.length <= COLUMNS) return [line];
  const indent = /^\s*/.exec(line)![0] + '  ';
  const out: string[] = [];
  let rest = line;
  while (rest.length > COLUMNS) {
    const space = rest.lastIndexOf(' ', COLUMNS);
    const cut = space > indent.length ? space : COLUMNS;
    out.push(rest.slice(0, cut));
    rest = indent + rest.slice(cut).trimStart();
  }
  return [...out, rest];
}

const pdfString = (text: string) => `(${text.replace(/[^\x20-\x7e\xa0-\xff]/g, '?').replace(/[\\()]/g, (c) => `\\${c}`)})`;

export function textPdf(text: string, title: string): Buffer {
  const lines = text.replace(/\n$/, '').split('\n').flatMap(wrap);
  const pages: string[][] = [];
  for (let i = 0; i < lines.length; i += LINES_PER_PAGE) pages.push(lines.slice(i, i + LINES_PER_PAGE));
  if (pages.length === 0) pages.push([]);

  // Objects: 1 catalog, 2 pages, 3 font, 4 info, then a page and its content stream for each page.
  const objects: string[] = [];
  const pageIds = pages.map((_, i) => 5 + i * 2);
  objects[1] = '<< /Type /Catalog /Pages 2 0 R >>';
  objects[2] = `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${pages.length} >>`;
  objects[3] = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>';
  objects[4] = `<< /Title ${pdfString(title)} /Producer (riskscan) >>`;
  pages.forEach((pageLines, i) => {
    const top = PAGE.height - PAGE.margin - PAGE.size;
    const body = pageLines.map((line) => `${pdfString(line)} Tj T*`).join('\n');
    const stream = `BT /F1 ${PAGE.size} Tf ${PAGE.leading} TL ${PAGE.margin} ${top} Td\n${body}\nET`;
    objects[pageIds[i]!] =
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${PAGE.width} ${PAGE.height}] /Resources << /Font << /F1 3 0 R >> >> /Contents ${pageIds[i]! + 1} 0 R >>`;
    objects[pageIds[i]! + 1] = `<< /Length ${Buffer.byteLength(stream, 'latin1')} >>\nstream\n${stream}\nendstream`;
  });

  let out = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n';
  const offsets: number[] = [];
  for (let id = 1; id < objects.length; id++) {
    offsets[id] = Buffer.byteLength(out, 'latin1');
    out += `${id} 0 obj\n${objects[id]}\nendobj\n`;
  }
  const xref = Buffer.byteLength(out, 'latin1');
  out += `xref\n0 ${objects.length}\n0000000000 65535 f \n`;
  for (let id = 1; id < objects.length; id++) out += `${String(offsets[id]).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length} /Root 1 0 R /Info 4 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}
