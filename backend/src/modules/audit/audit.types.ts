import { Field, InputType, Int, ObjectType } from "type-graphql";
import { PageOf } from "../../common/list-page.types";
import { AuditAction } from "./audit-actions";
import type { AuditChange } from "./audit-changes";
import type { DescribedAuditEntry } from "./audit-log.service";

@ObjectType("AuditChange", { description: "One value an audit entry changed, in the words of the form that sets it." })
export class AuditChangeView {
  @Field({ description: "The field's label." }) field: string;
  @Field(() => String, { nullable: true, description: "As it was, for display (dollars, targeting in words); null when it had none before." }) from: string | null;
  @Field(() => String, { nullable: true, description: "As it became, for display; null when the entry logs only what was." }) to: string | null;

  static from(change: AuditChange): AuditChangeView {
    return Object.assign(new AuditChangeView(), change);
  }
}

@ObjectType("AuditEntry", { description: "One admin action or security event; the log is append-only." })
export class AuditEntryView {
  @Field(() => Int) id: number;
  @Field(() => Int, { nullable: true, description: "Null for an event no signed-in user caused." }) actorId: number | null;
  @Field(() => String, { nullable: true }) actorEmail: string | null;
  @Field(() => AuditAction) action: AuditAction;
  @Field(() => String, { nullable: true, description: "user, site, campaign, creative, payout, deposit, api_key or exchange_partner." }) targetType: string | null;
  @Field(() => Int, { nullable: true }) targetId: number | null;
  @Field(() => String, { nullable: true, description: "What the target is called (a site's, campaign's or creative's name, a user's full name); null when it is gone." })
  targetName: string | null;
  @Field(() => Int, { nullable: true, description: "The account the target belongs to." }) targetUserId: number | null;
  @Field(() => String, { nullable: true }) ip: string | null;
  @Field(() => String, { nullable: true, description: "What changed, as it was: a JSON object of stored values (`changes` reads them)." }) before: string | null;
  @Field(() => String, { nullable: true, description: "What changed, as it became: a JSON object of stored values (`changes` reads them)." }) after: string | null;
  @Field(() => [AuditChangeView], { description: "What changed, one value a line, as a person reads it." }) changes: AuditChangeView[];
  @Field() createdAt: Date;

  static from({ entry, targetName, changes }: DescribedAuditEntry): AuditEntryView {
    return Object.assign(new AuditEntryView(), {
      targetName,
      changes: changes.map(AuditChangeView.from),
      id: entry.id,
      actorId: entry.actorId,
      actorEmail: entry.actorEmail,
      action: entry.action,
      targetType: entry.targetType,
      targetId: entry.targetId,
      targetUserId: entry.targetUserId,
      ip: entry.ip,
      before: entry.beforeJson,
      after: entry.afterJson,
      createdAt: entry.createdAt,
    });
  }
}

export const AuditPage = PageOf(AuditEntryView, "AuditPage");

@InputType()
export class AuditLogInput {
  @Field(() => String, { nullable: true, description: "Part of the acting user's e-mail." }) actor?: string | null;
  @Field(() => AuditAction, { nullable: true }) action?: AuditAction | null;
  @Field(() => String, { nullable: true, description: "user, site, campaign, creative, payout, deposit, api_key or exchange_partner." }) targetType?: string | null;
  @Field(() => Int, { nullable: true }) targetId?: number | null;
  @Field(() => Int, { nullable: true, description: "Everything done to or by this account." }) targetUserId?: number | null;
  @Field(() => String, { nullable: true, description: "First day, YYYY-MM-DD (UTC)." }) from?: string | null;
  @Field(() => String, { nullable: true, description: "Last day, YYYY-MM-DD (UTC), included." }) to?: string | null;
  @Field(() => Int, { nullable: true }) offset?: number | null;
  @Field(() => Int, { nullable: true }) limit?: number | null;
}
