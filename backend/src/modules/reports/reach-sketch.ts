import { createHash } from "node:crypto";

/**
 * A HyperLogLog sketch of the visitors an ad reached (Flajolet et al., 2007): 2^12 registers, one
 * byte each, each the longest run of leading zeros seen among the visitors' hashes that fall in it.
 * Two sketches merge by taking each register's larger value, so a day's sketch is written once and
 * any range of days is counted by merging them: unique visitors never have to be summed, nor any
 * event read again. The estimate's standard error is 1.04 / sqrt(4096), about 1.6%.
 */
export const REACH_SKETCH_BITS = 12;
export const REACH_SKETCH_REGISTERS = 1 << REACH_SKETCH_BITS;
/** The relative standard error of an estimate, for tests and for the report's label. */
export const REACH_STANDARD_ERROR = 1.04 / Math.sqrt(REACH_SKETCH_REGISTERS);

/** Bits of a visitor's hash: 48, exact in a double, and far more than the sketch needs below 2^40 visitors. */
const HASH_BITS = 48;
const RANK_BITS = HASH_BITS - REACH_SKETCH_BITS;
const RANK_SPAN = 2 ** RANK_BITS;

/** A visitor identifier as the sketch counts it: a 48-bit hash, which cannot be turned back into the identifier. */
export function reachKeyOf(visitorId: string): number {
  return createHash("sha256").update(visitorId).digest().readUIntBE(0, 6);
}

export class ReachSketch {
  private constructor(readonly registers: Uint8Array) {}

  static empty(): ReachSketch {
    return new ReachSketch(new Uint8Array(REACH_SKETCH_REGISTERS));
  }

  /** A sketch as stored; anything not of the sketch's size (a row written by no sketch) reads as empty. */
  static of(bytes: Uint8Array | null | undefined): ReachSketch {
    return bytes && bytes.length === REACH_SKETCH_REGISTERS ? new ReachSketch(Uint8Array.from(bytes)) : ReachSketch.empty();
  }

  add(reachKey: number): this {
    const register = Math.floor(reachKey / RANK_SPAN);
    const rest = reachKey % RANK_SPAN;
    // The rank is the position of the first 1 bit in the remaining bits, counted from the top: 1 to RANK_BITS + 1.
    const rank = rest === 0 ? RANK_BITS + 1 : RANK_BITS - Math.floor(Math.log2(rest));
    if (rank > this.registers[register]) this.registers[register] = rank;
    return this;
  }

  merge(other: ReachSketch): this {
    for (let i = 0; i < REACH_SKETCH_REGISTERS; i++) if (other.registers[i] > this.registers[i]) this.registers[i] = other.registers[i];
    return this;
  }

  /** The estimated number of distinct visitors added, with the small-range correction (linear counting) below 2.5 m. */
  estimate(): number {
    const m = REACH_SKETCH_REGISTERS;
    let sum = 0;
    let zeros = 0;
    for (const rank of this.registers) {
      sum += 2 ** -rank;
      if (rank === 0) zeros++;
    }
    const raw = ((0.7213 / (1 + 1.079 / m)) * m * m) / sum;
    return Math.round(raw <= 2.5 * m && zeros > 0 ? m * Math.log(m / zeros) : raw);
  }
}
