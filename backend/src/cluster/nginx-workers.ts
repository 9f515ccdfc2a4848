import { readdirSync, readFileSync } from "node:fs";

/** The process ids of nginx's workers: the children of its master process (Linux's /proc). */
export function nginxWorkers(masterPid: number): number[] {
  return readdirSync("/proc")
    .filter((entry) => /^\d+$/.test(entry))
    .map(Number)
    .filter((pid) => processState(pid)?.parent === masterPid);
}

/** Whether a process still runs; one that exited and waits for its parent to reap it does not. */
export function running(pid: number): boolean {
  const state = processState(pid);
  return state !== null && state.state !== "Z";
}

/** A process's state and parent from /proc/<pid>/stat; its name, in parentheses, may hold spaces. */
function processState(pid: number): { state: string; parent: number } | null {
  let stat: string;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  } catch {
    return null;
  }
  const [state, parent] = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return { state, parent: Number(parent) };
}
