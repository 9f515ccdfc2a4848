import { Download, mirroring, type Route } from "../../common/rest-route";
import { PayoutsResolver } from "./payouts.resolver";

/** The requested payouts as one batch file for the bank, for an admin. */
export const payoutRoutes: Route[] = [
  {
    method: "GET",
    url: "/admin/payouts/requested.csv",
    doc: { files: ["text/csv"] },
    ...mirroring(PayoutsResolver, "payouts"),
    handle: async ({ services }) => {
      const { filename, stream } = await services.payouts.requestedBatchCsv();
      return new Download(filename, "text/csv; charset=utf-8", stream);
    },
  },
];
