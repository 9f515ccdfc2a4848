import type { FastifyBaseLogger } from "fastify";
import type Redis from "ioredis";
import type { SpendSource } from "./delivery-state";
import type { CampaignSpend } from "../model";

/** How long a round waits for every process to tell what it has charged and the books do not hold yet. */
const WAIT_FOR_MEMBERS_MS = 3000;
const MEMBER_POLL_MS = 100;
/**
 * A process silent this long, on a log other processes share, is taken for dead once the database has
 * applied everything that log held when it fell silent: its charges are then in the books or were never logged.
 */
const MEMBER_GONE_MS = 30_000;

/**
 * Takes a snapshot of counters and starts a round: the marker's round number grows by one, so that
 * what each process tells afterwards is known to come after the snapshot. '' stands for a missing key.
 * KEYS: marker, then the counters; ARGV: generation. Answers {-1} when the generation changed.
 */
const SNAPSHOT_SCRIPT = `
if redis.call('HGET', KEYS[1], 'generation') ~= ARGV[1] then return {-1} end
local held = {redis.call('HINCRBY', KEYS[1], 'round', 1)}
for i = 2, #KEYS do held[i] = redis.call('GET', KEYS[i]) or '' end
return held
`;

/**
 * Sets each counter to what the books say, only where it still holds the snapshot's value: a key
 * charged or refunded since is left for a later round, so no concurrent change is lost or undone.
 * KEYS: marker, then the counters; ARGV: generation, then per counter the snapshot's value and the books' ('' for none).
 */
const CORRECT_SCRIPT = `
if redis.call('HGET', KEYS[1], 'generation') ~= ARGV[1] then return -1 end
local corrected = 0
for i = 2, #KEYS do
  local was, books = ARGV[i * 2 - 2], ARGV[i * 2 - 1]
  if was ~= '' and books ~= '' and was ~= books and redis.call('GET', KEYS[i]) == was then
    redis.call('SET', KEYS[i], books, 'KEEPTTL')
    corrected = corrected + 1
  end
end
return corrected
`;

/**
 * What one process has charged that the books may not hold yet, stamped with the marker's round as
 * Redis saw it when the message arrived. KEYS: marker, members, this member's hash; ARGV: generation,
 * member, member's description, day, TTL, then field and value pairs.
 */
const TELL_SCRIPT = `
if redis.call('HGET', KEYS[1], 'generation') ~= ARGV[1] then return 0 end
redis.call('HSET', KEYS[2], ARGV[2], ARGV[3])
redis.call('EXPIRE', KEYS[2], ARGV[5])
redis.call('DEL', KEYS[3])
redis.call('HSET', KEYS[3], 'round', redis.call('HGET', KEYS[1], 'round') or '0', 'day', ARGV[4])
for i = 6, #ARGV, 2 do redis.call('HSET', KEYS[3], ARGV[i], ARGV[i + 1]) end
redis.call('EXPIRE', KEYS[3], ARGV[5])
return 1
`;

/** Spend charged in Redis that the books may not hold yet: being charged, being logged, or logged and not applied. */
export interface Unsettled {
  campaigns: Map<number, CampaignSpend>;
  advertisers: Map<number, number>;
}

/** A process taking part in a generation, as the others see it. */
interface Member {
  log: string;
  shared: boolean;
}

/** What the reconciliation needs of the state it corrects: the keys of its current generation, and what this process holds unsettled. */
export interface ReconciledState {
  readonly generation: string | null;
  readonly source: SpendSource | null;
  keys: {
    marker(): string;
    members(generation: string): string;
    member(generation: string, member: string): string;
    total(generation: string, campaignId: number): string;
    day(generation: string, campaignId: number, day: string): string;
    spent(generation: string, advertiserId: number): string;
    allowance(generation: string, advertiserId: number): string;
  };
  /** Campaigns and advertisers worth correcting: those servable and those this process charged. */
  known(): { campaignIds: number[]; advertiserIds: number[] };
  unsettled(day: string): Unsettled;
}

/**
 * Brings a generation's counters back to the books, whatever its rebuild counted twice or a failed
 * append left charged. A round takes a snapshot of the counters, then waits until every process has
 * told (after it) what it charged and the books do not hold yet, then reads the books: every charge in the
 * snapshot is then either told or in the books, so books + told is never less than what was charged
 * (never an overspend). Each counter still at its snapshot's value is set to that (see CORRECT_SCRIPT).
 * Any process may run a round; two at once are each right on their own. That a charge is always
 * told rests on ordering within the process: a charge is counted from before its command is sent
 * until its event is being appended (no timer runs in between), and a refund of an event the log held
 * already is sent, on the same connection, before the next message: it reaches Redis before the round
 * can read what was told without that event, and so changes the counter from its snapshot's value.
 */
export class Reconciliation {
  readonly member: string;
  private dueAt: number;
  private running: Promise<void> | null = null;
  /** Members found silent, with when and how far the shared log then went. */
  private readonly silent = new Map<string, { since: number; logEnd: number | null }>();

  constructor(
    private readonly redis: Redis,
    private readonly state: ReconciledState,
    private readonly intervalMs: number,
    private readonly ttlSeconds: number,
    private readonly log: Pick<FastifyBaseLogger, "warn">,
    member: string,
  ) {
    this.member = member;
    this.dueAt = Date.now() + intervalMs;
  }

  /** Tells what this process holds unsettled, and starts a round in the background when one is due. */
  async tick(day: string): Promise<void> {
    await this.tell(day);
    if (this.running || Date.now() < this.dueAt || !this.state.source?.books) return;
    this.dueAt = Date.now() + this.intervalMs;
    this.running = this.round(day)
      .then(() => undefined)
      .catch((error: unknown) => this.log.warn({ err: error }, "could not reconcile the delivery state with the books; retrying"))
      .finally(() => (this.running = null));
  }

  /** Runs a round now (and waits for it), rather than when the interval comes. */
  async now(day: string): Promise<boolean> {
    await this.running;
    return this.round(day);
  }

  /**
   * Names this process a member of a generation about to be made, before its counters hold this
   * process's pending spend: until it first tells, every round waits for it.
   */
  async enter(generation: string): Promise<void> {
    await this.redis.multi().hset(this.state.keys.members(generation), this.member, JSON.stringify(this.described())).expire(this.state.keys.members(generation), this.ttlSeconds).exec();
  }

  /**
   * Tells the generation (the state's, or one it is joining) what this process holds unsettled; on
   * joining, before its pending spend is added to the counters, and from then on every second.
   */
  async tell(day: string, generation = this.state.generation): Promise<void> {
    const source = this.state.source;
    if (generation === null || !source) return;
    const { campaigns, advertisers } = this.state.unsettled(day);
    const fields: (string | number)[] = [];
    for (const [id, spend] of campaigns) fields.push(`c:${id}`, spend.total, `t:${id}`, spend.today);
    for (const [id, spent] of advertisers) fields.push(`a:${id}`, spent);
    const { keys } = this.state;
    await this.redis.eval(
      TELL_SCRIPT,
      3,
      keys.marker(),
      keys.members(generation),
      keys.member(generation, this.member),
      generation,
      this.member,
      JSON.stringify(this.described()),
      day,
      this.ttlSeconds,
      ...fields,
    );
  }

  private described(): Member {
    const log = this.state.source?.eventLog?.();
    return { log: log?.id ?? "", shared: log?.shared ?? false };
  }

  /** Leaves the generation, when nothing this process charged is still outside the books: at a stop. */
  async leave(day: string): Promise<void> {
    const generation = this.state.generation;
    const { campaigns, advertisers } = this.state.unsettled(day);
    if (generation === null || campaigns.size > 0 || advertisers.size > 0) return;
    await this.redis.multi().hdel(this.state.keys.members(generation), this.member).del(this.state.keys.member(generation, this.member)).exec();
  }

  /** One round; false when it could not be made (a process silent, the generation changed). */
  private async round(day: string): Promise<boolean> {
    const generation = this.state.generation;
    const source = this.state.source;
    if (generation === null || !source?.books) return false;
    const { keys } = this.state;
    const { campaignIds, advertiserIds } = this.state.known();
    const counters = [
      ...campaignIds.flatMap((id) => [keys.total(generation, id), keys.day(generation, id, day)]),
      ...advertiserIds.flatMap((id) => [keys.spent(generation, id), keys.allowance(generation, id)]),
    ];
    if (counters.length === 0) return true;
    const [round, ...held] = (await this.redis.eval(SNAPSHOT_SCRIPT, counters.length + 1, keys.marker(), ...counters, generation)) as [number, ...string[]];
    if (round < 0) return false;
    await this.tell(day);
    const told = await this.told(generation, round);
    if (!told) return false;

    const books = await source.books(campaignIds, advertiserIds, day);
    const sameDay = told.every((member) => member.day === day);
    const sum = (field: string) => told.reduce((total, member) => total + Number(member.fields[field] ?? 0), 0);
    const target = [
      ...campaignIds.flatMap((id) => {
        const spend = books.spend.get(id) ?? { total: 0, today: 0 };
        return [spend.total + sum(`c:${id}`), sameDay ? spend.today + sum(`t:${id}`) : ""];
      }),
      ...advertiserIds.flatMap((id) => {
        const funds = books.funds.get(id) ?? { spentMicros: 0, allowanceMicros: 0 };
        return [funds.spentMicros + sum(`a:${id}`), funds.allowanceMicros];
      }),
    ];
    const pairs = held.flatMap((value, index) => [value, String(target[index])]);
    const corrected = (await this.redis.eval(CORRECT_SCRIPT, counters.length + 1, keys.marker(), ...counters, generation, ...pairs)) as number;
    return corrected >= 0;
  }

  /**
   * Every member's message once each has told after the snapshot (its round at least `round`), or
   * null when one stays silent: its charges cannot be known, and correcting without them could overspend.
   */
  private async told(generation: string, round: number): Promise<{ day: string; fields: Record<string, string> }[] | null> {
    const { keys } = this.state;
    const deadline = Date.now() + WAIT_FOR_MEMBERS_MS;
    for (;;) {
      const members = await this.redis.hgetall(keys.members(generation));
      const messages = await Promise.all(Object.keys(members).map((member) => this.redis.hgetall(keys.member(generation, member))));
      const late = Object.keys(members).filter((_, index) => Number(messages[index].round ?? -1) < round);
      if (late.length === 0) {
        for (const member of Object.keys(members)) this.silent.delete(member);
        return messages.map(({ day, ...fields }) => ({ day, fields }));
      }
      if (Date.now() >= deadline) {
        await this.forgetGone(generation, late, members, messages, round);
        return null;
      }
      await new Promise((resolve) => setTimeout(resolve, MEMBER_POLL_MS));
    }
  }

  /**
   * Forgets a silent member that cannot be holding anything outside the books: one whose own log
   * another process has opened again since (a restart applies its log before it charges), or, on a
   * shared log, one silent for MEMBER_GONE_MS whose log the database has applied as far as it then went.
   */
  private async forgetGone(generation: string, late: string[], members: Record<string, string>, messages: Record<string, string>[], round: number): Promise<void> {
    const source = this.state.source!;
    const described = (member: string) => JSON.parse(members[member]) as Member;
    const live = Object.keys(members).filter((_, index) => Number(messages[index].round ?? -1) >= round);
    const positions = await source.logPositions?.().catch(() => null);
    for (const member of late) {
      const { log, shared } = described(member);
      let gone = !shared && live.some((other) => described(other).log === log);
      if (shared && positions) {
        const silent = this.silent.get(member) ?? { since: Date.now(), logEnd: positions.last };
        this.silent.set(member, silent);
        gone = Date.now() - silent.since >= MEMBER_GONE_MS && silent.logEnd !== null && positions.applied >= silent.logEnd;
      }
      if (!gone) {
        this.log.warn(`a process in the delivery state (${member}) has not told its unsettled spend: the counters wait for it to be reconciled`);
        continue;
      }
      this.silent.delete(member);
      await this.redis.multi().hdel(this.state.keys.members(generation), member).del(this.state.keys.member(generation, member)).exec();
    }
  }
}
