/** RFC 4180 quoting: fields with a comma, quote or line break are quoted, quotes doubled. */
function csvField(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

/** A one-column CSV file of a full list, with a header row. */
export function listToCsv(header: string, rows: readonly string[]): string {
  return [header, ...rows].map(csvField).join('\r\n') + '\r\n';
}

/** Downloads text as a file built in the browser (SPEC §2 Extended Check Results). */
export function downloadCsv(fileName: string, csv: string, doc: Document = document): void {
  const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
  const link = doc.createElement('a');
  link.href = url;
  link.download = `${fileName}.csv`;
  doc.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
