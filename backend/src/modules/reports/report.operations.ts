import { actorOf, type AppContext } from "../../auth/context";
import type { Audience } from "./metrics";
import type { Report, ReportInput } from "./report.service";

/** The caller's report for an audience, as both doors read it: the network's is nobody's own, the others are the caller's. */
export const reportOf = (context: AppContext, audience: Audience, input: ReportInput, everyRow = false): Promise<Report> =>
  context.services.analytics.report(audience, audience === "network" ? 0 : actorOf(context).id, input, everyRow);
