import { Box, Button, Table, Text } from "@chakra-ui/react";
import { useEffect, useRef, useState, type ReactNode } from "react";

export interface Column {
  label: string;
  /** Numbers line up on the right. */
  numeric?: boolean;
  /** A column the rows can be ordered by: its header becomes a button. */
  sort?: ColumnSort;
}

export interface ColumnSort {
  /** Null while the rows are ordered by another column. */
  direction: "ascending" | "descending" | null;
  onSort: () => void;
}

const SORT_ARROWS = { ascending: "↑", descending: "↓" } as const;

function ColumnHeader({ label, numeric, sort }: Column) {
  return (
    <Table.ColumnHeader textAlign={numeric ? "end" : undefined} aria-sort={sort?.direction ?? undefined}>
      {sort ? (
        <Button variant="plain" size="xs" px="0" h="auto" fontWeight="inherit" color="inherit" onClick={sort.onSort}>
          {label}
          {/* aria-sort already says the order; the arrow is for the eye. */}
          <span aria-hidden>{sort.direction ? SORT_ARROWS[sort.direction] : "↕"}</span>
        </Button>
      ) : (
        label
      )}
    </Table.ColumnHeader>
  );
}

interface DataTableProps {
  /** What the table holds, for screen readers. */
  label: string;
  columns: (string | Column)[];
  /** The body's rows. */
  children: ReactNode;
  /** Rows under the body, such as totals. */
  footer?: ReactNode;
}

/** Whether the element is wider than its box, and whether columns are still hidden on its right. */
function useSidewaysOverflow() {
  const ref = useRef<HTMLDivElement>(null);
  const [overflow, setOverflow] = useState({ scrolls: false, moreOnTheRight: false });

  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => {
      const hidden = element.scrollWidth - element.clientWidth;
      // A pixel of rounding is not a column.
      setOverflow({ scrolls: hidden > 1, moreOnTheRight: hidden - element.scrollLeft > 1 });
    };
    measure();
    const observer = new ResizeObserver(measure);
    // The box resizes with the screen, the table inside it with its rows.
    observer.observe(element);
    if (element.firstElementChild) observer.observe(element.firstElementChild);
    element.addEventListener("scroll", measure, { passive: true });
    return () => {
      observer.disconnect();
      element.removeEventListener("scroll", measure);
    };
  }, []);

  return { ref, ...overflow };
}

/**
 * A dashboard's small table: its column headers and rows. On a narrow screen it scrolls sideways,
 * and says so, with a fade on the edge that still hides columns.
 */
export function DataTable({ label, columns, children, footer }: DataTableProps) {
  const { ref, scrolls, moreOnTheRight } = useSidewaysOverflow();
  return (
    <Box>
      {scrolls && (
        <Text fontSize="xs" color="fg.muted" mb="1">
          Scroll sideways to see every column →
        </Text>
      )}
      <Box position="relative">
        {/* Focusable only when it scrolls, so keyboard users can reach the hidden columns. */}
        <Table.ScrollArea
          ref={ref}
          tabIndex={scrolls ? 0 : undefined}
          role={scrolls ? "region" : undefined}
          aria-label={scrolls ? `${label}, scrolls sideways` : undefined}
        >
          <Table.Root size="sm" aria-label={label}>
            <Table.Header>
              <Table.Row>
                {columns.map((column, index) => (
                  <ColumnHeader key={index} {...(typeof column === "string" ? { label: column } : column)} />
                ))}
              </Table.Row>
            </Table.Header>
            <Table.Body>{children}</Table.Body>
            {footer && <Table.Footer>{footer}</Table.Footer>}
          </Table.Root>
        </Table.ScrollArea>
        {moreOnTheRight && (
          <Box
            aria-hidden
            position="absolute"
            top="0"
            bottom="0"
            right="0"
            w="8"
            pointerEvents="none"
            bgGradient="to-r"
            gradientFrom="transparent"
            gradientTo="bg.panel"
          />
        )}
      </Box>
    </Box>
  );
}
