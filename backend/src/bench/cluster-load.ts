import type { ClusterCatalogue } from "./cluster-catalogue";

const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
/** One filled ad in this many is clicked. */
const CLICK_EVERY = 20;

/** What visitors saw during one phase of the load. */
export class PhaseFigures {
  /** Ad requests, beacons and clicks sent. */
  requests = 0;
  adRequests = 0;
  unfilled = 0;
  /** Requests with no answer, a 5xx, or a beacon or click refused. */
  failed = 0;
  /** Failed requests outside the time a fault is being noticed (see `noticing`). */
  failedOutsideNotice = 0;
  beaconsAcknowledged = 0;
  /** Beacons whose app answer never came (no answer, or nginx's 502/504): counted or not, either is right. */
  beaconsUnanswered = 0;
  clicks = 0;
  firstFailureAt: number | null = null;
  /** The first success after the latest failure. */
  recoveredAt: number | null = null;
  private lastFailureAt: number | null = null;
  private readonly startedAt = performance.now();
  /** The span [from, to] (performance.now() milliseconds) in which failures are the fault being noticed. */
  noticing: { from: number; to: number } | null = null;

  failure(): void {
    const now = performance.now();
    this.failed += 1;
    this.firstFailureAt ??= now;
    this.lastFailureAt = now;
    if (!this.noticing || now < this.noticing.from || now > this.noticing.to) this.failedOutsideNotice += 1;
  }

  success(): void {
    if (this.lastFailureAt !== null && (this.recoveredAt === null || this.recoveredAt < this.lastFailureAt)) this.recoveredAt = performance.now();
  }

  /** Seconds from the first failure to the first success after the last one; 0 when nothing failed. */
  get recoverySeconds(): number {
    if (this.firstFailureAt === null) return 0;
    return ((this.recoveredAt ?? performance.now()) - this.firstFailureAt) / 1000;
  }

  get seconds(): number {
    return (performance.now() - this.startedAt) / 1000;
  }
}

/**
 * Visitors behind one front door (nginx): each asks for an ad, sends its impression beacon and,
 * now and then, clicks, as fast as answers come. `phase()` starts a new set of figures.
 */
export class ClusterLoad {
  figures = new PhaseFigures();
  private running = false;
  private loops: Promise<void>[] = [];

  constructor(
    private readonly url: string,
    private readonly catalogue: ClusterCatalogue,
    private readonly concurrency: number,
  ) {}

  start(): void {
    this.running = true;
    this.loops = Array.from({ length: this.concurrency }, () => this.loop());
  }

  async stop(): Promise<void> {
    this.running = false;
    await Promise.all(this.loops);
  }

  /** The figures so far, and a fresh set from now on. */
  phase(): PhaseFigures {
    const ended = this.figures;
    this.figures = new PhaseFigures();
    return ended;
  }

  /** Waits until an ad request through the front door is filled: the processes have the campaign. */
  async untilFilled(timeoutMs = 60_000): Promise<void> {
    for (const deadline = Date.now() + timeoutMs; Date.now() < deadline; await new Promise((resolve) => setTimeout(resolve, 200))) {
      const answer = await this.serve().catch(() => null);
      if (answer?.fill) return;
    }
    throw new Error("no ad request was filled through the front door");
  }

  private headers(): Record<string, string> {
    return { "user-agent": BROWSER, origin: this.catalogue.origin };
  }

  private async serve(): Promise<{ fill: boolean; impressionUrl?: string; clickUrl?: string } | null> {
    const response = await fetch(`${this.url}/serve?zone=${this.catalogue.zoneId}&page=${encodeURIComponent(this.catalogue.page)}`, { headers: this.headers() });
    return response.status === 200 ? ((await response.json()) as { fill: boolean; impressionUrl?: string; clickUrl?: string }) : null;
  }

  private async loop(): Promise<void> {
    let filled = 0;
    while (this.running) {
      const figures = this.figures;
      figures.requests += 1;
      figures.adRequests += 1;
      const answer = await this.serve().catch(() => null);
      if (!answer) {
        figures.failure();
        await new Promise((resolve) => setTimeout(resolve, 20));
        continue;
      }
      figures.success();
      if (!answer.fill) {
        figures.unfilled += 1;
        continue;
      }
      figures.requests += 1;
      const beacon = await fetch(answer.impressionUrl!, { method: "POST", headers: this.headers() }).catch(() => null);
      if (beacon?.status === 204) {
        figures.beaconsAcknowledged += 1;
        figures.success();
      } else {
        // No answer, or nginx's own 502/504: the app's answer never came out, whatever it did.
        if (!beacon || beacon.status === 502 || beacon.status === 504) figures.beaconsUnanswered += 1;
        figures.failure();
      }
      if (++filled % CLICK_EVERY === 0) await this.click(answer.clickUrl!, figures);
    }
  }

  private async click(url: string, figures: PhaseFigures): Promise<void> {
    figures.requests += 1;
    const response = await fetch(url, { headers: this.headers(), redirect: "manual" }).catch(() => null);
    if (response && response.status >= 300 && response.status < 400) {
      figures.clicks += 1;
      figures.success();
    } else figures.failure();
  }
}
