import type { PhaseFigures } from "./cluster-load";
import type { PhaseCount } from "./cluster-tally";

export interface FaultTally extends PhaseCount {
  fault: string;
  figures: PhaseFigures;
}

export interface ThroughputRow {
  processes: number;
  adRequestsPerSecond: number;
  beaconsPerSecond: number;
  unfilled: number;
  failed: number;
}

/** Failed requests allowed outside the seconds a fault is being noticed. */
const FAILED_SHARE_LIMIT = 0.001;

function table(header: string[], rows: string[][]): string[] {
  const widths = header.map((cell, i) => Math.max(cell.length, ...rows.map((cells) => cells[i].length)));
  return [header, ...rows].map((cells) => cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join("  "));
}

const percent = (part: number, whole: number) => `${((100 * part) / Math.max(1, whole)).toFixed(2)}%`;

/** The table of faults and a PASS/FAIL line per goal; `pass` when every goal holds. */
export function formatFaultTable(rows: FaultTally[]): { lines: string[]; pass: boolean } {
  const header = ["fault", "requests", "failed", "failed outside notice", "unfilled", "beacons acked", "counted", "refused (acked, not counted)", "lost", "duplicated", "overspend µ$", "recovery s", "drain s"];
  const cells = rows.map(({ fault, figures, counted, refused, lost, duplicated, overspendMicros, drainSeconds }) => [
    fault,
    String(figures.requests),
    String(figures.failed),
    `${figures.failedOutsideNotice} (${percent(figures.failedOutsideNotice, figures.requests)})`,
    String(figures.unfilled),
    String(figures.beaconsAcknowledged),
    String(counted),
    Object.entries(refused).map(([reason, count]) => `${count} ${reason}`).join(", ") || "0",
    String(lost),
    String(duplicated),
    String(overspendMicros),
    figures.recoverySeconds.toFixed(1),
    drainSeconds.toFixed(1),
  ]);
  const goals: [string, boolean][] = [
    ["0 lost", rows.every((row) => row.lost === 0)],
    ["0 duplicated", rows.every((row) => row.duplicated === 0)],
    ["0 overspend", rows.every((row) => row.overspendMicros === 0)],
    [`failed requests outside the notice < ${FAILED_SHARE_LIMIT * 100}%`, rows.every((row) => row.figures.failedOutsideNotice < FAILED_SHARE_LIMIT * row.figures.requests)],
  ];
  const verdicts = goals.map(([goal, held]) => `${goal}: ${held ? "PASS" : "FAIL"}`);
  return { lines: [...table(header, cells), "", ...verdicts], pass: goals.every(([, held]) => held) };
}

/** Ad requests (each filled one with its beacon) per second by number of processes, and what each added process adds. */
export function formatThroughput(rows: ThroughputRow[]): string[] {
  const header = ["processes", "ad requests/s", "beacons/s", "unfilled", "failed", "added per extra process"];
  const cells = rows.map((row, i) => {
    const before = rows[i - 1];
    const added = before ? `${((row.adRequestsPerSecond - before.adRequestsPerSecond) / (row.processes - before.processes)).toFixed(0)} ad requests/s` : "-";
    return [String(row.processes), row.adRequestsPerSecond.toFixed(0), row.beaconsPerSecond.toFixed(0), String(row.unfilled), String(row.failed), added];
  });
  return ["Throughput through nginx:", ...table(header, cells)];
}
