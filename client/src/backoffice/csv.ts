/**
 * CSV that Excel opens with Hebrew intact: UTF-8 with a byte-order mark, CRLF line ends,
 * every field quoted when it holds a separator, a quote or a line break (RFC 4180), and
 * fields that start with = + - @ prefixed with ' so a spreadsheet never runs them as a
 * formula (CSV injection, OWASP).
 */
export interface CsvColumn<Row> {
  header: string;
  value: (row: Row) => string | number;
}

const BOM = '\uFEFF';

function field(value: string | number): string {
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsv<Row>(rows: readonly Row[], columns: readonly CsvColumn<Row>[]): string {
  const lines = [columns.map((c) => field(c.header)).join(',')];
  for (const row of rows) lines.push(columns.map((c) => field(c.value(row))).join(','));
  return `${BOM}${lines.join('\r\n')}\r\n`;
}

/** Offers the text as a download (a Blob URL, released right after the click). */
export function downloadCsv(fileName: string, csv: string): void {
  const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
