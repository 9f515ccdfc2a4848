import { Arg, Ctx, Int, Mutation, Query, Resolver } from "type-graphql";
import type { AppContext } from "../../auth/context";
import { RequireAuth } from "../../auth/require-auth";
import { Role } from "../../auth/roles";
import { CampaignView } from "../campaigns/campaigns.types";
import { bookingOperations } from "./booking.operations";
import { AvailabilityInput, AvailabilityView, BookCampaignInput, BookingView, MakeGoodInput, UnderDeliveredCampaignView } from "./booking.types";

const IDEMPOTENCY_KEY_ARG = {
  description: "Any 8 to 255 letters, digits and - _ . : (a UUID) made once per intended booking: sending it again within 24 hours answers the first booking and books nothing more.",
};

@Resolver()
export class BookingResolver {
  @Query(() => AvailabilityView, { description: "Impressions available to book for a targeting and dates, net of the sponsorships and guaranteed campaigns booked on the same inventory." })
  @RequireAuth(Role.ADMIN)
  async availability(@Arg("input", () => AvailabilityInput) input: AvailabilityInput, @Ctx() context: AppContext): Promise<AvailabilityView> {
    return bookingOperations.availability(context, input);
  }

  @Mutation(() => BookingView, { description: "Books a SPONSORSHIP or GUARANTEED campaign for an advertiser (it starts pending, as a created campaign does); a goal above what is available is refused unless overrideAvailability, which flags the booking." })
  @RequireAuth(Role.ADMIN)
  async bookCampaign(
    @Arg("input", () => BookCampaignInput) input: BookCampaignInput,
    @Arg("idempotencyKey", () => String, IDEMPOTENCY_KEY_ARG) idempotencyKey: string,
    @Ctx() context: AppContext,
  ): Promise<BookingView> {
    return bookingOperations.bookCampaign(context, input, idempotencyKey);
  }

  @Mutation(() => CampaignView, { description: "A make-good for a guaranteed campaign behind pace: its goal raised by the extra impressions and its flight extended to the end date, in its history." })
  @RequireAuth(Role.ADMIN)
  async bookMakeGood(
    @Arg("id", () => Int) id: number,
    @Arg("input", () => MakeGoodInput) input: MakeGoodInput,
    @Arg("idempotencyKey", () => String, IDEMPOTENCY_KEY_ARG) idempotencyKey: string,
    @Ctx() context: AppContext,
  ): Promise<CampaignView> {
    return bookingOperations.bookMakeGood(context, id, input, idempotencyKey);
  }

  @Query(() => [UnderDeliveredCampaignView], { description: "The running guaranteed campaigns behind pace, the soonest to end first: how far behind and why." })
  @RequireAuth(Role.ADMIN)
  async underDeliveredCampaigns(@Ctx() context: AppContext): Promise<UnderDeliveredCampaignView[]> {
    return bookingOperations.underDeliveredCampaigns(context);
  }
}
