import { DataSource, In, IsNull, Repository } from "typeorm";
import { edited } from "../../common/edit-fields";
import { NotFoundError, ValidationError } from "../../common/errors";
import { columnValues, readFields, withDefaults } from "../../common/fields/field";
import { moveOnce } from "../../common/move-once";
import * as check from "../../common/validate";
import type { User } from "../users/user.entity";
import { Audience } from "./audience.entity";
import { audienceFields } from "./audience-fields";
import type { AudienceSizes } from "./audience-sizes";
import { dayNumber } from "./memberships";

/** An audience's fields as either door sends them, by the names of AUDIENCE_FIELDS: unchecked. */
export type AudienceFields = Readonly<Record<string, unknown>>;

const LIVE = { archivedAt: IsNull() };

/** How many distinct visitors an audience holds: those the pixel added within its window, and today. */
export interface AudienceSize {
  members: number;
  joinedToday: number;
}

export interface AudienceWithSize {
  audience: Audience;
  size: AudienceSize;
}

/** The advertisers' audiences: what the pixel builds them from, and which campaigns may use them. */
export class AudiencesService {
  private readonly audiences: Repository<Audience>;
  private readonly fields: ReturnType<typeof audienceFields>;

  constructor(
    dataSource: DataSource,
    allowLocalhost: boolean,
    private readonly sizes: AudienceSizes,
  ) {
    this.audiences = dataSource.getRepository(Audience);
    this.fields = audienceFields({ allowLocalhost });
  }

  async create(advertiser: User, input: AudienceFields): Promise<Audience> {
    const fields = this.validated(input);
    return this.audiences.save(this.audiences.create({ ...fields, advertiserId: advertiser.id, archivedAt: null }));
  }

  /** Edits the advertiser's own audience; what is left out stays. Members keep the expiry they joined with. */
  async update(advertiser: User, id: unknown, input: AudienceFields): Promise<Audience> {
    const audience = await this.findOwned(advertiser, id, "id");
    const fields = this.validated(edited(columnValues(this.fields, audience), input));
    return this.audiences.save(Object.assign(audience, fields));
  }

  /**
   * Deletes the audience for every purpose: the pixel adds nobody to it, memberships of it no longer
   * match any campaign (the ad catalogue reloads on the write), and campaigns can no longer pick it.
   * The row stays only so a campaign's history can still name it. Deleting twice at once: one wins.
   */
  async remove(advertiser: User, id: unknown): Promise<Audience> {
    const audience = await this.findOwned(advertiser, id, "id");
    audience.archivedAt = new Date();
    await moveOnce(this.audiences.manager, Audience, { id: audience.id, ...LIVE }, { archivedAt: audience.archivedAt }, "This audience was deleted meanwhile");
    return audience;
  }

  async listForAdvertiser(advertiser: User): Promise<AudienceWithSize[]> {
    const audiences = await this.audiences.find({ where: { advertiserId: advertiser.id, ...LIVE }, order: { id: "DESC" } });
    return Promise.all(audiences.map((audience) => this.withSize(audience)));
  }

  /** The audience with its size, read from the daily distinct counts the pixel keeps (see AudienceSizes). */
  async withSize(audience: Audience, atMs = Date.now()): Promise<AudienceWithSize> {
    if (audience.archivedAt) return { audience, size: { members: 0, joinedToday: 0 } };
    const today = dayNumber(atMs);
    const [members, joinedToday] = await Promise.all([this.sizes.count(audience.id, today, audience.windowDays), this.sizes.count(audience.id, today, 1)]);
    return { audience, size: { members, joinedToday } };
  }

  /** The advertiser's own live audience, or NOT_FOUND: another advertiser's is never revealed, nor a deleted one. */
  async findOwned(advertiser: User, id: unknown, field = "audienceId"): Promise<Audience> {
    const audience = await this.audiences.findOneBy({ id: check.positiveId(field, id), advertiserId: advertiser.id, ...LIVE });
    if (!audience) throw new NotFoundError("Audience");
    return audience;
  }

  /** Of these ids, those that are the advertiser's own live audiences: what a campaign of theirs may target. */
  async usableIds(advertiserId: number, ids: readonly number[]): Promise<Set<number>> {
    if (ids.length === 0) return new Set();
    const found = await this.audiences.find({ select: { id: true }, where: { id: In([...ids]), advertiserId, ...LIVE } });
    return new Set(found.map((audience) => audience.id));
  }

  /** What each of these is called, deleted ones too (a campaign's history names them). */
  async namesOf(ids: readonly number[]): Promise<Map<number, string>> {
    if (ids.length === 0) return new Map();
    const found = await this.audiences.find({ select: { id: true, name: true }, where: { id: In([...ids]) } });
    return new Map(found.map((audience) => [audience.id, audience.name]));
  }

  /** Every field checked by its declared kind, and the rule between them: a page pattern is what visited_page needs, and only it keeps one. */
  private validated(input: AudienceFields) {
    const fields = withDefaults(this.fields, readFields(this.fields, input, true)) as Pick<Audience, "name" | "rule" | "pagePattern" | "windowDays" | "siteDomains">;
    if (fields.rule === "visited_page" && fields.pagePattern === null) throw new ValidationError("pagePattern", "Page pattern is required for the rule Visited a page matching");
    if (fields.rule !== "visited_page") fields.pagePattern = null;
    return fields;
  }
}
