import { Arg, Ctx, Query, Resolver } from "type-graphql";
import type { AppContext } from "../../auth/context";
import { RequireAuth } from "../../auth/require-auth";
import { Role } from "../../auth/roles";
import { mapPage, type Page } from "../../common/list-page";
import { AuditEntryView, AuditLogInput, AuditPage } from "./audit.types";

@Resolver()
export class AuditResolver {
  @Query(() => AuditPage, { description: "The audit log, newest first, by actor, action, target and days." })
  @RequireAuth(Role.ADMIN)
  async auditLog(@Arg("input", () => AuditLogInput, { nullable: true }) input: AuditLogInput | undefined, @Ctx() { services }: AppContext): Promise<Page<AuditEntryView>> {
    return mapPage(await services.auditLog.page(input ?? {}), AuditEntryView.from);
  }
}
