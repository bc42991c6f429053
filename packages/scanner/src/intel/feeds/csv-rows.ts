/**
 * Splits CSV text into rows of fields (RFC 4180 quoting, `""` inside quotes). Lines starting
 * with `#` outside quotes are comments, as in abuse.ch dumps.
 */
export function* csvRows(text: string): Generator<string[]> {
  let row: string[] = [];
  let field = '';
  let quoted = false;
  let atLineStart = true;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (atLineStart && !quoted && char === '#') {
      const end = text.indexOf('\n', i);
      i = end === -1 ? text.length : end;
      continue;
    }
    atLineStart = false;
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      row.push(field);
      field = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[i + 1] === '\n') i++;
      row.push(field);
      if (row.length > 1 || row[0] !== '') yield row;
      row = [];
      field = '';
      atLineStart = true;
    } else field += char;
  }
  row.push(field);
  if (row.length > 1 || row[0] !== '') yield row;
}
