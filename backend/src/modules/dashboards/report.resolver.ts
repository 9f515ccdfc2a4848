import { Arg, Ctx, Query, Resolver } from "type-graphql";
import { actorOf, AppContext } from "../../auth/context";
import { RequireAuth } from "../../auth/require-auth";
import { Role } from "../../auth/roles";
import { AdvertiserReportView, NetworkReportView, PublisherReportView, ReportInput } from "./report.types";

@Resolver()
export class ReportResolver {
  @Query(() => PublisherReportView, { description: "The signed-in publisher's figures over a range, broken down by date, site, zone, country or ad size." })
  @RequireAuth(Role.PUBLISHER)
  async publisherReport(@Arg("input") input: ReportInput, @Ctx() context: AppContext): Promise<PublisherReportView> {
    return PublisherReportView.from(await context.services.analytics.report("publisher", actorOf(context).id, input));
  }

  @Query(() => AdvertiserReportView, { description: "The signed-in advertiser's figures over a range, broken down by date, campaign, creative, country or site." })
  @RequireAuth(Role.ADVERTISER)
  async advertiserReport(@Arg("input") input: ReportInput, @Ctx() context: AppContext): Promise<AdvertiserReportView> {
    return AdvertiserReportView.from(await context.services.analytics.report("advertiser", actorOf(context).id, input));
  }

  @Query(() => NetworkReportView, { description: "The network's figures over a range, broken down by date, publisher, advertiser, site or country." })
  @RequireAuth(Role.ADMIN)
  async networkReport(@Arg("input") input: ReportInput, @Ctx() { services }: AppContext): Promise<NetworkReportView> {
    return NetworkReportView.from(await services.analytics.report("network", 0, input));
  }
}
