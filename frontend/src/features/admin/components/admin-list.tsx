import { Button, Card, HStack, Input, Stack, Text } from "@chakra-ui/react";
import { useEffect, useState, type ReactNode } from "react";
import { useSearchParams } from "react-router";
import { DataTable, type Column } from "../../../components/data-table";
import { EmptyPanel } from "../../../components/empty-panel";
import { SelectInput } from "../../../components/form/select-input";
import { useFormOptions } from "../../../components/form/with-form-options";
import { formatCount } from "../../../components/format";
import { loadStateOf, QueryPanel } from "../../../components/query-panel";

const PAGE_SIZE = 20;
/** Typing pauses this long before the list is asked again, so a word costs one request, not one per letter. */
const SEARCH_DELAY_MS = 300;

/** What the review tabs (sites, campaigns, creatives) open on: the work waiting for a decision. */
export const NEEDS_REVIEW = "PENDING" as const;

/**
 * What an admin list asks for: the search typed, the status picked and the page shown. A link may
 * name a search (`/admin/campaigns?search=Spring%20Sale`, from the audit log): the list opens on it,
 * under every status, so the object named shows whatever its status.
 */
export function useAdminList<Status extends string>(initialStatus: Status | null = null) {
  const [params] = useSearchParams();
  const linked = params.get("search")?.trim() ?? "";
  const [typed, setTyped] = useState(linked);
  const [search, setSearch] = useState(linked);
  const [status, setStatus] = useState<Status | null>(linked ? null : initialStatus);
  const [offset, setOffset] = useState(0);

  useEffect(() => {
    const wanted = typed.trim();
    // Only a new search goes back to the first page: the mount's own run must not undo an early "Next".
    if (wanted === search) return;
    const timer = setTimeout(() => {
      setSearch(wanted);
      setOffset(0);
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [typed, search]);

  return {
    typed,
    setTyped,
    status,
    setStatus: (next: Status | null) => {
      setStatus(next);
      setOffset(0);
    },
    offset,
    setOffset,
    /** A filter's setter that also goes back to the first page, for the filters beside the status (a role, dates). */
    narrow:
      <T,>(set: (value: T) => void) =>
      (value: T) => {
        set(value);
        setOffset(0);
      },
    /** Whether the admin narrowed the list, so an empty page means "no match" rather than "nothing yet". */
    narrowed: search !== "" || status !== initialStatus,
    /** The list's input without a status, for the lists whose rows have none. */
    input: { search: search === "" ? null : search, offset, limit: PAGE_SIZE },
  };
}

/** A status filter's choices, labelled as the badges read them. */
export const statusOptions = <Status extends string>(statuses: readonly Status[]) =>
  statuses.map((value) => ({ value, label: value.charAt(0) + value.slice(1).toLowerCase() }));

type AdminList<Status extends string> = ReturnType<typeof useAdminList<Status>>;

interface ListQuery<Data> {
  data?: Data;
  previousData?: Data;
  loading: boolean;
  error?: unknown;
  refetch: () => Promise<unknown>;
}

interface AdminListFrameProps<Status extends string, Data, Item> {
  list: AdminList<Status>;
  /** What the list holds, in the plural: "sites". */
  noun: string;
  searchPlaceholder: string;
  statuses?: readonly { value: Status; label: string }[];
  /** More filters beside the status, such as a role. */
  filters?: ReactNode;
  query: ListQuery<Data>;
  /** Where the answer holds the page: its items and how many match in all. */
  pageOf: (data: Data) => { items: readonly Item[]; totalCount: number };
  /** When the list fails to load; "Failed to load <noun>" unless said. */
  failureMessage?: string;
  empty: { title: string; description: string };
  /** For a list drawn as one table: its name and columns; the page's items are then its rows, in a card. */
  table?: { label: string; columns: (string | Column)[]; cardsOnPhones?: boolean };
  /** The page's items as cards, or as the table's rows. */
  children: (items: readonly Item[]) => ReactNode;
}

/**
 * An admin list's search box, status filter, rows and page controls. The last page stays on screen
 * while the next one loads, so typing in the box never blanks the list.
 */
export function AdminListFrame<Status extends string, Data, Item>(props: AdminListFrameProps<Status, Data, Item>) {
  const { list, noun, statuses, query, pageOf, table } = props;
  // The server's bound, so the box stops where the server would refuse.
  const { options } = useFormOptions();
  const data = query.data ?? query.previousData;
  const page = data ? pageOf(data) : undefined;

  // A page emptied by an action (the last pending row approved) steps back to one that has rows.
  const stranded = page !== undefined && page.items.length === 0 && list.offset > 0;
  useEffect(() => {
    if (stranded) list.setOffset(Math.max(0, Math.floor((page.totalCount - 1) / PAGE_SIZE) * PAGE_SIZE));
  }, [stranded, page?.totalCount, list.setOffset]);

  return (
    <Stack gap="4">
      {/* Along the bottom: a filter with a label above it stands taller than the search box. */}
      <HStack gap="3" wrap="wrap" align="flex-end">
        <Input
          type="search"
          aria-label={`Search ${noun}`}
          placeholder={props.searchPlaceholder}
          maxLength={options?.maxLength.search}
          value={list.typed}
          onChange={(e) => list.setTyped(e.target.value)}
          maxW="xs"
        />
        {statuses && (
          <SelectInput
            label="Status"
            placeholder="All statuses"
            options={statuses}
            value={list.status ?? ""}
            onChange={(value) => list.setStatus((value || null) as Status | null)}
          />
        )}
        {props.filters}
      </HStack>
      <QueryPanel {...loadStateOf({ ...query, data })} failureMessage={props.failureMessage ?? `Failed to load ${noun}`}>
        {page && page.totalCount === 0 ? (
          <EmptyPanel
            {...(list.narrowed ? { title: `No ${noun} match`, description: "Try another search or status." } : props.empty)}
          />
        ) : (
          page && (
            <>
              {table ? (
                <Card.Root>
                  <Card.Body>
                    <DataTable {...table}>{props.children(page.items)}</DataTable>
                  </Card.Body>
                </Card.Root>
              ) : (
                props.children(page.items)
              )}
              <Pager noun={noun} offset={list.offset} shown={page.items.length} totalCount={page.totalCount} onOffset={list.setOffset} />
            </>
          )
        )}
      </QueryPanel>
    </Stack>
  );
}

interface PagerProps {
  noun: string;
  offset: number;
  shown: number;
  totalCount: number;
  onOffset: (offset: number) => void;
}

function Pager({ noun, offset, shown, totalCount, onOffset }: PagerProps) {
  return (
    <HStack as="nav" aria-label={`Pages of ${noun}`} justify="space-between" wrap="wrap" gap="3">
      <Text fontSize="sm" color="fg.muted" aria-live="polite">
        {shown === 0 ? "" : `${formatCount(offset + 1)}–${formatCount(offset + shown)} of ${formatCount(totalCount)} ${noun}`}
      </Text>
      {totalCount > PAGE_SIZE && (
        <HStack gap="2">
          <Button size="sm" variant="outline" disabled={offset === 0} onClick={() => onOffset(Math.max(0, offset - PAGE_SIZE))}>
            Previous
          </Button>
          <Button size="sm" variant="outline" disabled={offset + PAGE_SIZE >= totalCount} onClick={() => onOffset(offset + PAGE_SIZE)}>
            Next
          </Button>
        </HStack>
      )}
    </HStack>
  );
}
