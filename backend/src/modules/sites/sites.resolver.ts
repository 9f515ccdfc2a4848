import { Arg, Ctx, Int, Mutation, Query, Resolver } from "type-graphql";
import type { AppContext } from "../../auth/context";
import { accessOf, RequireAuth } from "../../auth/require-auth";
import { Role } from "../../auth/roles";
import type { Page } from "../../common/list-page";
import { type ActionRule, nextActionsResolver } from "../../common/next-actions";
import { REVIEW_MOVES, type ReviewStatus } from "../../common/review";
import { ReviewAction } from "../../common/review.types";
import { siteOperations } from "./sites.operations";
import type { SiteFields } from "./sites.service";
import { CreateSiteInput, SiteListInput, SitePage, SiteView, UpdateSiteInput } from "./sites.types";

@Resolver()
export class SitesResolver {
  @Query(() => [SiteView], { description: "The signed-in publisher's sites, newest first." })
  @RequireAuth(Role.PUBLISHER)
  async mySites(@Ctx() context: AppContext): Promise<SiteView[]> {
    return siteOperations.mySites(context);
  }

  @Query(() => SitePage, { description: "The network's sites, a page at a time, by name or domain and status." })
  @RequireAuth(Role.ADMIN)
  async sites(@Arg("input", () => SiteListInput, { nullable: true }) input: SiteListInput | undefined, @Ctx() context: AppContext): Promise<Page<SiteView>> {
    return siteOperations.sites(context, input);
  }

  @Mutation(() => SiteView, { description: "Submits a site for review; it starts pending." })
  @RequireAuth(Role.PUBLISHER)
  async createSite(@Arg("input", () => CreateSiteInput) input: SiteFields, @Ctx() context: AppContext): Promise<SiteView> {
    return siteOperations.createSite(context, input);
  }

  @Mutation(() => SiteView, { description: "Edits one of your sites; a new domain sends an approved site back to review, and editing a rejected site submits it again." })
  @RequireAuth(Role.PUBLISHER)
  async updateSite(@Arg("id", () => Int) id: number, @Arg("input", () => UpdateSiteInput) input: SiteFields, @Ctx() context: AppContext): Promise<SiteView> {
    return siteOperations.updateSite(context, id, input);
  }

  @Mutation(() => SiteView, { description: "Removes one of your sites and its zones: their tags stop filling, and reports keep their figures." })
  @RequireAuth(Role.PUBLISHER)
  async archiveSite(@Arg("id", () => Int) id: number, @Ctx() context: AppContext): Promise<SiteView> {
    return siteOperations.archiveSite(context, id);
  }

  @Mutation(() => SiteView)
  @RequireAuth(Role.ADMIN)
  async approveSite(@Arg("id", () => Int) id: number, @Ctx() context: AppContext): Promise<SiteView> {
    return siteOperations.approveSite(context, id);
  }

  @Mutation(() => SiteView, { description: "The reason is shown to the site's publisher." })
  @RequireAuth(Role.ADMIN)
  async rejectSite(@Arg("id", () => Int) id: number, @Arg("reason") reason: string, @Ctx() context: AppContext): Promise<SiteView> {
    return siteOperations.rejectSite(context, id, reason);
  }
}

const SITE_ACTIONS: Record<ReviewAction, ActionRule<ReviewStatus>> = {
  [ReviewAction.APPROVE]: { from: REVIEW_MOVES.approve.from, access: accessOf(SitesResolver, "approveSite") },
  [ReviewAction.REJECT]: { from: REVIEW_MOVES.reject.from, access: accessOf(SitesResolver, "rejectSite") },
};

export const SiteActionsResolver = nextActionsResolver(SiteView, ReviewAction, SITE_ACTIONS, "site");
