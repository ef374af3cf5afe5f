import { memo, type ReactNode } from 'react';
import { useWindowedRows } from './windowed-rows';

export interface Column<Row> {
  header: ReactNode;
  /** The column's name beside each value when rows are stacked on a narrow screen; none for an actions column. */
  label?: string;
  /** CSS width of the column (the table's layout is fixed: the columns keep their width while rows come and go). */
  width: string;
  cell: (row: Row) => ReactNode;
  /** The row's name (a ticker): its cells are `<th scope="row">`, so a screen reader says it with every value of the row. */
  rowHeader?: boolean;
  /** Class of the column's cells ('number' aligns figures right), or of each row's cell. */
  className?: string | ((row: Row) => string);
  /** A cell's tooltip, when it has one. */
  title?: (row: Row) => string | undefined;
}

/**
 * A table of any length whose `<tbody>` holds only the rows near the viewport (windowed-rows.ts); the
 * others stand as two spacer rows. `aria-rowcount` and `aria-rowindex` tell assistive technology where
 * each drawn row is in the whole table.
 */
function WindowedTableOf<Row>({
  caption,
  columns,
  rows,
}: {
  caption: string;
  columns: ReadonlyArray<Column<Row>>;
  rows: readonly Row[];
}) {
  const { start, end, rowHeight, bodyRef } = useWindowedRows(rows.length);
  const spacer = (height: number) =>
    height > 0 ? (
      <tr className="spacer" aria-hidden="true" style={{ height }}>
        <td colSpan={columns.length} />
      </tr>
    ) : null;
  const drawn: ReactNode[] = [];
  for (let i = start; i < end; i += 1) {
    const row = rows[i]!;
    drawn.push(
      <tr key={i} aria-rowindex={i + 2}>
        {columns.map((column, c) => {
          const Cell = column.rowHeader ? 'th' : 'td';
          return (
            <Cell
              key={c}
              scope={column.rowHeader ? 'row' : undefined}
              className={typeof column.className === 'function' ? column.className(row) : column.className}
              title={column.title?.(row)}
              data-label={column.label ?? (typeof column.header === 'string' ? column.header : undefined)}
            >
              {column.cell(row)}
            </Cell>
          );
        })}
      </tr>,
    );
  }
  return (
    <table
      className="windowed"
      aria-rowcount={rows.length + 1}
      style={{ width: `calc(${columns.map((column) => column.width).join(' + ')})` }}
    >
      <caption>{caption}</caption>
      <colgroup>
        {columns.map((column, c) => (
          <col key={c} style={{ width: column.width }} />
        ))}
      </colgroup>
      <thead>
        <tr aria-rowindex={1}>
          {columns.map((column, c) => (
            <th key={c} scope="col">
              {column.header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody ref={bodyRef}>
        {spacer(start * rowHeight)}
        {drawn}
        {spacer((rows.length - end) * rowHeight)}
      </tbody>
    </table>
  );
}

/** Rendered again only for new rows or columns: the page's other updates leave its tables alone. */
export const WindowedTable = memo(WindowedTableOf) as typeof WindowedTableOf;
