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

  /**
   * The estimated number of distinct visitors added, by Ertl's improved estimator ("New cardinality
   * estimation algorithms for HyperLogLog sketches", 2017): unbiased from a handful of visitors to
   * billions, where the original's switch to linear counting at 2.5 m errs twice as much around it.
   */
  estimate(): number {
    const m = REACH_SKETCH_REGISTERS;
    const counts = new Array<number>(RANK_BITS + 2).fill(0);
    for (const rank of this.registers) counts[rank]++;
    let z = m * tau(1 - counts[RANK_BITS + 1] / m);
    for (let rank = RANK_BITS; rank >= 1; rank--) z = 0.5 * (z + counts[rank]);
    z += m * sigma(counts[0] / m);
    return Math.round((m * m) / (2 * Math.LN2) / z);
  }
}

/** Ertl's σ(x) = x + Σ x^(2^k) 2^(k-1): the empty registers' part of the estimate. */
function sigma(x: number): number {
  if (x === 1) return Number.POSITIVE_INFINITY;
  let y = 1;
  let z = x;
  for (let previous = -1; z !== previous; ) {
    x *= x;
    previous = z;
    z += x * y;
    y += y;
  }
  return z;
}

/** Ertl's τ(x): the full registers' part, which only sketches of some 2^48 visitors reach. */
function tau(x: number): number {
  if (x === 0 || x === 1) return 0;
  let y = 1;
  let z = 1 - x;
  for (let previous = -1; z !== previous; ) {
    x = Math.sqrt(x);
    previous = z;
    y *= 0.5;
    z -= (1 - x) ** 2 * y;
  }
  return z / 3;
}
