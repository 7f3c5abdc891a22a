/** Plain-text tables for a terminal: no colours, no box characters, so the output pastes anywhere (decision 035). */

export type Cell = string | number | boolean | bigint | Date | null | undefined;

export function cellText(value: Cell): string {
  if (value === null || value === undefined) return '-';
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  // One line per cell: a reason with a newline would break the columns.
  return String(value).replace(/\s*\n\s*/g, ' ');
}

/** Columns padded to their widest cell, a header and a rule; "(none)" when there is nothing to list. */
export function table(headers: readonly string[], rows: readonly (readonly Cell[])[]): string {
  if (rows.length === 0) return '(none)';
  const text = rows.map((row) => headers.map((_, i) => cellText(row[i])));
  const widths = headers.map((h, i) => Math.max(h.length, ...text.map((row) => row[i]!.length)));
  const line = (cells: readonly string[]) =>
    cells
      .map((c, i) => (i === cells.length - 1 ? c : c.padEnd(widths[i]!)))
      .join('  ')
      .trimEnd();
  return [line(headers), line(widths.map((w) => '-'.repeat(w))), ...text.map(line)].join('\n');
}

/** "label  value" pairs, the labels aligned. */
export function fields(pairs: readonly (readonly [string, Cell])[]): string {
  const width = Math.max(...pairs.map(([label]) => label.length));
  return pairs.map(([label, value]) => `${label.padEnd(width)}  ${cellText(value)}`).join('\n');
}

/** A titled section: the title underlined, then its body. */
export function section(title: string, body: string): string {
  return `${title}\n${'='.repeat(title.length)}\n${body}`;
}

/** JSON for machines: bigints (minor units never reach here, but counts from the driver may) as strings, dates ISO. */
export function toJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) => (typeof v === 'bigint' ? v.toString() : v), 2);
}
