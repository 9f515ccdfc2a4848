/** Money is integer micros everywhere inside; dollars exist only at the API edges. */
export const MICROS_PER_DOLLAR = 1_000_000;

export function dollarsToMicros(dollars: number): number {
  return Math.round(dollars * MICROS_PER_DOLLAR);
}

export function microsToDollars(micros: number): number {
  return micros / MICROS_PER_DOLLAR;
}

/** An amount as e-mails write it: "$1,250.50". */
export function dollarsText(micros: number): string {
  return `$${microsToDollars(micros).toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}

/** TypeORM column transformer: BIGINT comes back as a string from MySQL and a number from SQLite. */
export const bigintAsNumber = {
  to: (value: number | null | undefined) => value,
  from: (value: string | number | null) => (value === null ? null : Number(value)),
};
