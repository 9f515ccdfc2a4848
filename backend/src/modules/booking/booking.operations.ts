import { actorOf, type AppContext } from "../../auth/context";
import type { AvailabilityInput } from "./availability";
import type { BookingInput, MakeGoodInput } from "./booking.service";
import { AvailabilityView, BookingView, UnderDeliveredCampaignView } from "./booking.types";
import { CampaignView } from "../campaigns/campaigns.types";

/** Each booking operation as both doors answer it. */
export const bookingOperations = {
  availability: async ({ services }: AppContext, input: AvailabilityInput): Promise<AvailabilityView> => AvailabilityView.from(await services.availability.availability(input)),
  bookCampaign: async (context: AppContext, input: BookingInput, idempotencyKey: unknown): Promise<BookingView> =>
    BookingView.from(await context.services.booking.book(actorOf(context), input, idempotencyKey)),
  bookMakeGood: async (context: AppContext, id: unknown, input: MakeGoodInput, idempotencyKey: unknown): Promise<CampaignView> =>
    CampaignView.from(await context.services.booking.makeGood(actorOf(context), id, input, idempotencyKey)),
  underDeliveredCampaigns: async ({ services }: AppContext): Promise<UnderDeliveredCampaignView[]> => (await services.underDelivery.behindPace()).map(UnderDeliveredCampaignView.from),
};
