import { withGraphqlNames } from "../../common/graphql-names";
import { callerRoute, mirroring, type Route } from "../../common/rest-route";
import { campaignFieldsOfBody } from "../campaigns/campaign-rest-body";
import { BookingResolver } from "./booking.resolver";
import { bookingOperations } from "./booking.operations";

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);

/** An admin's bookings: availability before booking, the insertion order, make-goods, and the campaigns behind pace. */
export const bookingRoutes: Route[] = [
  {
    method: "POST",
    url: "/admin/availability",
    ...mirroring(BookingResolver, "availability"),
    handle: (context, body) =>
      bookingOperations.availability(context, { targetCountries: body.target_countries, targeting: withGraphqlNames(body.targeting), startDate: body.start_date, endDate: body.end_date }),
  },
  {
    method: "POST",
    url: "/admin/bookings",
    ...mirroring(BookingResolver, "bookCampaign"),
    status: 201,
    doc: { idempotent: true },
    handle: (context, body, _params, _query, headers) =>
      bookingOperations.bookCampaign(
        context,
        { advertiserEmail: body.advertiser_email, overrideAvailability: body.override_availability, campaign: isObject(body.campaign) ? campaignFieldsOfBody(body.campaign) : undefined },
        headers["idempotency-key"],
      ),
  },
  {
    method: "POST",
    url: "/admin/campaigns/:id/make-good",
    ...mirroring(BookingResolver, "bookMakeGood"),
    doc: { idempotent: true },
    handle: (context, body, params, _query, headers) =>
      bookingOperations.bookMakeGood(context, params.id, { extraImpressions: body.extra_impressions, endDate: body.end_date }, headers["idempotency-key"]),
  },
  callerRoute("GET", "/admin/under-delivery", mirroring(BookingResolver, "underDeliveredCampaigns"), bookingOperations.underDeliveredCampaigns),
];
