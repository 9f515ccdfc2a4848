import { Box, Button, Table, Text } from "@chakra-ui/react";
import { useEffect, useRef, useState, type ReactNode } from "react";
import { TermLabel, WithHint } from "./term-label";

export interface Column {
  label: string;
  /** What the column's figure means, on hover of its header (a term of `metric-terms`). */
  hint?: string;
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

function ColumnHeader({ label, hint, numeric, sort }: Column) {
  // A sortable header's button is what shows the hint: no second focus stop inside it.
  const sortButton = sort && (
    <Button variant="plain" size="xs" px="0" h="auto" fontWeight="inherit" color="inherit" onClick={sort.onSort} textDecoration={hint ? "underline dotted" : undefined}>
      {label}
      {/* aria-sort already says the order; the arrow is for the eye. */}
      <span aria-hidden>{sort.direction ? SORT_ARROWS[sort.direction] : "↕"}</span>
    </Button>
  );
  return (
    <Table.ColumnHeader textAlign={numeric ? "end" : undefined} aria-sort={sort?.direction ?? undefined}>
      {sortButton ? hint ? <WithHint hint={hint}>{sortButton}</WithHint> : sortButton : hint ? <TermLabel label={label} hint={hint} /> : label}
    </Table.ColumnHeader>
  );
}

interface DataTableProps {
  /** What the table holds, for screen readers. */
  label: string;
  columns: (string | Column)[];
  /**
   * On a phone each row becomes a card, a cell to a line under its column's name: for lists of many
   * short columns (users, the audit log), which as a table would scroll sideways past mostly blank rows.
   */
  cardsOnPhones?: boolean;
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

const labelOf = (column: string | Column) => (typeof column === "string" ? column : column.label);

/**
 * Phones first, then the table's own look back from `md` up: `revert-layer` hands a property back to
 * the table recipe's layer, where `revert` would drop to the browser's own table style (1px padding,
 * medium borders).
 */
const phone = <T, U>(base: T, wide: U) => ({ base, md: wide });

/**
 * The rows as cards below the `md` breakpoint. A cell's column name comes from the table's own
 * columns through CSS, so the callers' rows stay plain table rows and keep their table semantics.
 */
function cardStyles(columns: (string | Column)[]) {
  const names = Object.fromEntries(
    columns.map((column, index) => [`& tbody td:nth-of-type(${index + 1})::before`, { content: JSON.stringify(labelOf(column)) }]),
  );
  return {
    // Hidden from the eye only: the headers still name the cells for screen readers.
    "& thead": {
      position: phone("absolute", "static"),
      width: phone("1px", "auto"),
      height: phone("1px", "auto"),
      overflow: phone("hidden", "visible"),
      clip: phone("rect(0 0 0 0)", "auto"),
    },
    "& table, & tbody": { display: phone("block", "revert-layer"), minWidth: phone("0", "revert-layer") },
    "& tbody tr": {
      display: phone("block", "revert-layer"),
      borderWidth: phone("1px", "0"),
      borderRadius: "md",
      p: phone("2", "0"),
      mb: phone("3", "0"),
    },
    "& tbody td": {
      display: phone("grid", "revert-layer"),
      gridTemplateColumns: "7rem minmax(0, 1fr)",
      gap: "2",
      // A badge or a button keeps its own width instead of stretching across the card.
      justifyItems: "start",
      alignItems: "baseline",
      whiteSpace: phone("normal", "revert-layer"),
      px: phone("1", "revert-layer"),
      py: phone("1", "revert-layer"),
      borderBottomWidth: phone("0", "revert-layer"),
      overflowWrap: phone("anywhere", "normal"),
    },
    "& tbody td::before": { color: "fg.muted", fontSize: "xs", fontWeight: "medium", display: phone("block", "none") },
    ...names,
  };
}

/**
 * A dashboard's small table: its column headers and rows. On a narrow screen it scrolls sideways,
 * and says so, with a fade on the edge that still hides columns.
 */
export function DataTable({ label, columns, children, footer, cardsOnPhones = false }: DataTableProps) {
  const { ref, scrolls, moreOnTheRight } = useSidewaysOverflow();
  return (
    <Box css={cardsOnPhones ? cardStyles(columns) : undefined}>
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
