import { Table } from "@chakra-ui/react";
import type { ReactNode } from "react";

export interface Column {
  label: string;
  /** Numbers line up on the right. */
  numeric?: boolean;
}

interface DataTableProps {
  /** What the table holds, for screen readers. */
  label: string;
  columns: (string | Column)[];
  /** The body's rows. */
  children: ReactNode;
}

/** A dashboard's small table: its column headers and rows, scrolling sideways on a narrow screen. */
export function DataTable({ label, columns, children }: DataTableProps) {
  return (
    <Table.ScrollArea>
      <Table.Root size="sm" aria-label={label}>
        <Table.Header>
          <Table.Row>
            {columns.map((column, index) => {
              const { label: text, numeric } = typeof column === "string" ? { label: column, numeric: false } : column;
              return (
                <Table.ColumnHeader key={index} textAlign={numeric ? "end" : undefined}>
                  {text}
                </Table.ColumnHeader>
              );
            })}
          </Table.Row>
        </Table.Header>
        <Table.Body>{children}</Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}
