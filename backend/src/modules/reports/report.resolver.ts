import { Arg, Ctx, Query, Resolver } from "type-graphql";
import type { AppContext } from "../../auth/context";
import { reportOf } from "./report.operations";
import { RequireAuth } from "../../auth/require-auth";
import { Role } from "../../auth/roles";
import { AdvertiserReportView, NetworkReportView, PublisherReportView, ReportInput } from "./report.types";

@Resolver()
export class ReportResolver {
  @Query(() => PublisherReportView, { description: "The signed-in publisher's figures over a range, broken down by date, site, zone, country or ad size." })
  @RequireAuth(Role.PUBLISHER)
  async publisherReport(@Arg("input") input: ReportInput, @Ctx() context: AppContext): Promise<PublisherReportView> {
    return PublisherReportView.from(await reportOf(context, "publisher", input));
  }

  @Query(() => AdvertiserReportView, { description: "The signed-in advertiser's figures over a range, broken down by date, campaign, creative, country or site." })
  @RequireAuth(Role.ADVERTISER)
  async advertiserReport(@Arg("input") input: ReportInput, @Ctx() context: AppContext): Promise<AdvertiserReportView> {
    return AdvertiserReportView.from(await reportOf(context, "advertiser", input));
  }

  @Query(() => NetworkReportView, { description: "The network's figures over a range, broken down by date, publisher, advertiser, site or country." })
  @RequireAuth(Role.ADMIN)
  async networkReport(@Arg("input") input: ReportInput, @Ctx() context: AppContext): Promise<NetworkReportView> {
    return NetworkReportView.from(await reportOf(context, "network", input));
  }
}
