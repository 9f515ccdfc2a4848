/** Money is integer micros everywhere inside; dollars exist only at the API edges. */
export const MICROS_PER_DOLLAR = 1_000_000;

export function dollarsToMicros(dollars: number): number {
  return Math.round(dollars * MICROS_PER_DOLLAR);
}

export function microsToDollars(micros: number): number {
  return micros / MICROS_PER_DOLLAR;
}

/** TypeORM column transformer: BIGINT comes back as a string from MySQL and a number from SQLite. */
export const bigintAsNumber = {
  to: (value: number | null | undefined) => value,
  from: (value: string | number | null) => (value === null ? null : Number(value)),
};
