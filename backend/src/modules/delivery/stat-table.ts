import { type CountedEvent, EVENT_COUNTERS, type StatRow } from "./model";
import { STAT_FIELDS } from "./packed-stats";

/** A counter a table adds to. */
export type Counter = (typeof EVENT_COUNTERS)[number];

/** Where counts are kept: the zone, creative and country, with their owners as the first event named them. */
type Place = Pick<CountedEvent, "publisherId" | "siteId" | "zoneId" | "advertiserId" | "campaignId" | "creativeId" | "country">;

const STRIDE = STAT_FIELDS.length;
const OFFSET = Object.fromEntries(STAT_FIELDS.map((field, index) => [field, index])) as Record<(typeof STAT_FIELDS)[number], number>;
const FIRST_ROWS = 1024;

/**
 * A place's key among a zone's rows is its creative's id times this plus its country's number: room
 * for every two-letter code a visitor's country can be (676, see geo.ts), and exact for creative ids up to 2^40.
 */
const COUNTRIES_PER_CREATIVE = 4096;

/**
 * Hourly counts by zone, creative and country, kept as numbers in one growing Float64Array (in the
 * order packed-stats.ts hands them to the writer thread) rather than as an object a row. A row per
 * counted place, kept until the counts are written (up to the counts interval), was most of what
 * outlived an ad request, and V8's major collections had to mark and move every one of them.
 */
export class StatTable {
  private numbers = new Float64Array(FIRST_ROWS * STRIDE);
  private readonly countries: string[] = [];
  /** Row numbers by hour, zone and place key: numbers, so that a request finds its row without building a key. */
  private readonly index = new Map<number, Map<number, Map<number, number>>>();
  private readonly countryNumbers = new Map<string, number>();

  get length(): number {
    return this.countries.length;
  }

  /** The row of `hour` for the place, made the first time it is counted. */
  rowOf(hour: number, place: Place): number {
    let zones = this.index.get(hour);
    if (!zones) this.index.set(hour, (zones = new Map()));
    let places = zones.get(place.zoneId);
    if (!places) zones.set(place.zoneId, (places = new Map()));
    let country = this.countryNumbers.get(place.country);
    if (country === undefined) this.countryNumbers.set(place.country, (country = this.countryNumbers.size));
    const key = place.creativeId * COUNTRIES_PER_CREATIVE + country;
    let row = places.get(key);
    if (row === undefined) {
      row = this.countries.length;
      places.set(key, row);
      this.countries.push(place.country);
      this.make(row, hour, place);
    }
    return row;
  }

  add(row: number, counter: Counter, amount: number): void {
    this.numbers[row * STRIDE + OFFSET[counter]] += amount;
  }

  /** Adds a row's counts (another batch's) to this table's row of its hour and place. */
  addRow(from: StatRow): void {
    const row = this.rowOf(from.hour, from);
    for (const counter of EVENT_COUNTERS) this.add(row, counter, from[counter]);
  }

  /** Rows `start` to `end` as objects, for the writer. */
  rows(start = 0, end = this.length): StatRow[] {
    const rows: StatRow[] = [];
    for (let index = start; index < end; index++) {
      const row = { country: this.countries[index] } as StatRow;
      const at = index * STRIDE;
      for (let field = 0; field < STRIDE; field++) row[STAT_FIELDS[field]] = this.numbers[at + field];
      rows.push(row);
    }
    return rows;
  }

  private make(row: number, hour: number, place: Place): void {
    if ((row + 1) * STRIDE > this.numbers.length) {
      const grown = new Float64Array(this.numbers.length * 2);
      grown.set(this.numbers);
      this.numbers = grown;
    }
    const at = row * STRIDE;
    this.numbers[at + OFFSET.hour] = hour;
    this.numbers[at + OFFSET.publisherId] = place.publisherId;
    this.numbers[at + OFFSET.siteId] = place.siteId;
    this.numbers[at + OFFSET.zoneId] = place.zoneId;
    this.numbers[at + OFFSET.advertiserId] = place.advertiserId;
    this.numbers[at + OFFSET.campaignId] = place.campaignId;
    this.numbers[at + OFFSET.creativeId] = place.creativeId;
  }
}

/** Counts taken from memory and not written yet, handed to the writer a slice at a time. */
export class CountsBacklog {
  private table: StatTable | null = null;
  private next = 0;
  /** Rows of a batch that was not applied, to go first. */
  private returned: StatRow[] = [];

  get size(): number {
    return this.returned.length + (this.table ? this.table.length - this.next : 0);
  }

  /** Starts on an interval's table, once what was left of the last is taken. */
  refill(table: StatTable): void {
    this.table = table;
    this.next = 0;
  }

  /** At most `most` rows, the returned ones first. */
  take(most: number): StatRow[] {
    let rows = this.returned.splice(0, most);
    if (this.table && rows.length < most) {
      const end = Math.min(this.table.length, this.next + (most - rows.length));
      rows = rows.concat(this.table.rows(this.next, end));
      this.next = end;
      if (this.next >= this.table.length) {
        this.table = null;
        this.next = 0;
      }
    }
    return rows;
  }

  putBack(rows: StatRow[]): void {
    this.returned = rows.concat(this.returned);
  }
}
