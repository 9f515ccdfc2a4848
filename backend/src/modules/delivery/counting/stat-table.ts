import { countryCode, countryNumber, EVENT_COUNTERS, type EventCounts, type OwnedCounts as StatRow } from "../../reports/facts";

/** Where a row's events happened: its owners, ad and country. */
type RowPlace = Omit<StatRow, "hour" | keyof EventCounts>;

type Place = "hour" | "publisherId" | "siteId" | "zoneId" | "advertiserId" | "campaignId" | "creativeId";
const PLACE: readonly Place[] = ["hour", "publisherId", "siteId", "zoneId", "advertiserId", "campaignId", "creativeId"];
const COUNTRY = PLACE.length;
const COUNTERS_FROM = COUNTRY + 1;
const WIDTH = COUNTERS_FROM + EVENT_COUNTERS.length;
const COLUMN_OF_PLACE = Object.fromEntries(PLACE.map((field, index) => [field, index])) as Record<Place, number>;
const COLUMN_OF_COUNTER = Object.fromEntries(EVENT_COUNTERS.map((counter, index) => [counter, COUNTERS_FROM + index])) as Record<keyof EventCounts, number>;
const COUNTRY_CODE = /^[A-Z]{2}$/;

/** The number a row keeps its country as: every two-letter code has one, anything else counts as unknown (XX), as geo.ts does. */
export const countryOfRow = (code: string): number => countryNumber(COUNTRY_CODE.test(code) ? code : "XX");

/** Numbers in memory the writer thread reads as it is: posting a view of it copies nothing. */
const sharedNumbers = (length: number): Float64Array<SharedArrayBuffer> => new Float64Array(new SharedArrayBuffer(length * Float64Array.BYTES_PER_ELEMENT));

/**
 * Hourly counts by place, each row's numbers side by side in one Float64Array, the country as its
 * number. An ad server counts tens of thousands of places between two writes: as objects they
 * were most of what outlived a request, and every one of them was garbage for V8's major
 * collections to trace once written. As one array they are off the heap, and each slice goes to
 * the writer thread as a view of shared memory: no packing, and no copy a flush, whose
 * allocations V8 counts towards its next major collection too. The ad server never changes
 * a table it has handed on. Money is integer micros, exact in a double up to 2^53.
 */
export class StatTable {
  private constructor(
    private numbers: Float64Array<SharedArrayBuffer>,
    private rows: number,
  ) {}

  static empty(capacity = 256): StatTable {
    return new StatTable(sharedNumbers(capacity * WIDTH), 0);
  }

  static of(rows: readonly StatRow[]): StatTable {
    const table = StatTable.empty(rows.length);
    for (const row of rows) {
      const index = table.addPlace(row.hour, row);
      for (const counter of EVENT_COUNTERS) table.add(index, counter, row[counter]);
    }
    return table;
  }

  /** The table another thread sent as `shared()`. */
  static fromNumbers(numbers: Float64Array<SharedArrayBuffer>): StatTable {
    return new StatTable(numbers, numbers.length / WIDTH);
  }

  get length(): number {
    return this.rows;
  }

  /** A new row with no counts for the place of `event` at `hour`; returns its index. */
  addPlace(hour: number, event: RowPlace): number {
    if ((this.rows + 1) * WIDTH > this.numbers.length) this.grow();
    const index = this.rows++;
    const at = index * WIDTH;
    const numbers = this.numbers;
    numbers[at] = hour;
    numbers[at + 1] = event.publisherId;
    numbers[at + 2] = event.siteId;
    numbers[at + 3] = event.zoneId;
    numbers[at + 4] = event.advertiserId;
    numbers[at + 5] = event.campaignId;
    numbers[at + 6] = event.creativeId;
    numbers[at + COUNTRY] = countryOfRow(event.country);
    return index;
  }

  add(row: number, counter: keyof EventCounts, amount: number): void {
    this.numbers[row * WIDTH + COLUMN_OF_COUNTER[counter]] += amount;
  }

  /** Adds every counter of another table's row to one of this table's. */
  addCounters(row: number, from: StatTable, fromRow: number): void {
    for (let counter = COUNTERS_FROM; counter < WIDTH; counter++) this.numbers[row * WIDTH + counter] += from.numbers[fromRow * WIDTH + counter];
  }

  counter(row: number, counter: keyof EventCounts): number {
    return this.numbers[row * WIDTH + COLUMN_OF_COUNTER[counter]];
  }

  place(row: number, field: Place): number {
    return this.numbers[row * WIDTH + COLUMN_OF_PLACE[field]];
  }

  /** One row as an object: for the writer, and for the rare merge of one batch into another. */
  row(index: number): StatRow {
    const at = index * WIDTH;
    const row = { country: countryCode(this.numbers[at + COUNTRY]) } as StatRow;
    for (let field = 0; field < PLACE.length; field++) row[PLACE[field]] = this.numbers[at + field];
    for (let counter = 0; counter < EVENT_COUNTERS.length; counter++) row[EVENT_COUNTERS[counter]] = this.numbers[at + COUNTERS_FROM + counter];
    return row;
  }

  toRows(): StatRow[] {
    return Array.from({ length: this.rows }, (_, index) => this.row(index));
  }

  /** The first `count` rows as a table of their own, in the same memory; this table keeps the rest. */
  takeFirst(count: number): StatTable {
    const taken = Math.min(count, this.rows);
    const first = new StatTable(this.numbers.subarray(0, taken * WIDTH), taken);
    this.numbers = this.numbers.subarray(taken * WIDTH);
    this.rows -= taken;
    return first;
  }

  /** Both tables' rows in one new table. A place may then have two rows: whoever sums them (the read model's writer) adds both. */
  concat(other: StatTable): StatTable {
    if (other.rows === 0) return this;
    if (this.rows === 0) return other;
    const numbers = sharedNumbers((this.rows + other.rows) * WIDTH);
    numbers.set(this.numbers.subarray(0, this.rows * WIDTH));
    numbers.set(other.numbers.subarray(0, other.rows * WIDTH), this.rows * WIDTH);
    return new StatTable(numbers, this.rows + other.rows);
  }

  /** The rows' numbers, to post to another thread: shared, not copied. */
  shared(): Float64Array<SharedArrayBuffer> {
    return this.numbers.subarray(0, this.rows * WIDTH);
  }

  private grow(): void {
    const numbers = sharedNumbers(Math.max(this.numbers.length * 2, 16 * WIDTH));
    numbers.set(this.numbers.subarray(0, this.rows * WIDTH));
    this.numbers = numbers;
  }
}
