/** Polls until `holds` says yes, failing after `timeoutMs` with what it waited for. */
export async function until(holds: () => boolean | Promise<boolean>, what: string, timeoutMs = 20_000, everyMs = 100): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await holds())) {
    if (Date.now() > deadline) throw new Error(`still not so after ${timeoutMs / 1000} s: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}
