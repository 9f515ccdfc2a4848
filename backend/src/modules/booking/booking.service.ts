import type { DataSource, EntityManager } from "typeorm";
import { ConflictError, ValidationError } from "../../common/errors";
import * as check from "../../common/validate";
import { AuditAction } from "../audit/audit-actions";
import type { AuditService } from "../audit/audit.service";
import { DeliveryTier, GoalType, type Campaign } from "../campaigns/campaign.entity";
import { type CampaignFields, type CampaignSettings, readCampaignFields, withCampaignDefaults } from "../campaigns/campaign-settings";
import type { CampaignsService, CampaignWithStats } from "../campaigns/campaigns.service";
import { idempotencyKey, type IdempotencyKeys } from "../idempotency/idempotency-keys";
import { advertiserByEmail } from "../users/advertiser-by-email";
import { User } from "../users/user.entity";
import { type Availability, AvailabilityService, BOOKED_TIERS } from "./availability";
import { BookingLedger, NETWORK_LEDGER } from "./booking-ledger.entity";
import { InsertionOrder } from "./insertion-order.entity";

export interface BookingInput {
  advertiserEmail?: unknown;
  /** The campaign's settings by the names of CAMPAIGN_FIELDS, as a campaign's create takes them. */
  campaign?: CampaignFields;
  overrideAvailability?: unknown;
}

export interface Booking {
  campaign: CampaignWithStats;
  order: InsertionOrder;
  availability: Availability;
}

export interface MakeGoodInput {
  extraImpressions?: unknown;
  endDate?: unknown;
}

/** The version moved between reading the availability and booking: another booking took some of it. */
class LedgerMoved extends Error {}

/** How many times a booking reads its availability again after losing the ledger to another. */
const BOOKING_ROUNDS = 5;

const needsKey = (key: unknown) => {
  if (idempotencyKey(key) === null) throw new ValidationError("idempotencyKey", "A booking is sent with an idempotency key (a UUID made once per booking), so that sending it twice books it once");
};

/** What a booking takes, in impressions: a guaranteed goal (one of clicks at the predicted click rate), or a sponsorship's share of the forecast. */
function neededImpressions(settings: CampaignSettings, availability: Availability): number {
  if (settings.deliveryTier === DeliveryTier.SPONSORSHIP) return ((settings.sharePercent ?? 0) / 100) * availability.forecastImpressions;
  const goal = settings.goalAmount ?? 0;
  return settings.goalType === GoalType.CLICKS ? goal / availability.clickRate : goal;
}

const thousands = (count: number) => Math.round(count).toLocaleString("en-US");

/**
 * Insertion orders: an admin books a guaranteed or sponsorship campaign for an advertiser against
 * its availability, and books make-goods for one behind pace. The campaign itself is written by
 * CampaignsService, in the booking's transaction.
 */
export class BookingService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly campaigns: CampaignsService,
    private readonly availability: AvailabilityService,
    private readonly idempotency: IdempotencyKeys,
    private readonly audit: AuditService,
  ) {}

  /**
   * Books the campaign if its goal (a sponsorship: its share of the forecast) fits what is available
   * for its targeting and dates, or with overrideAvailability, flagged. The availability is read
   * at the ledger's version, and the booking moves the version only from that one (a conditional
   * UPDATE), so of two bookings racing for the last impressions the second reads the availability
   * again with the first in it. The same idempotency key answers the first booking.
   */
  async book(admin: User, input: BookingInput, key: unknown, nowMs = Date.now()): Promise<Booking> {
    needsKey(key);
    const advertiser = await advertiserByEmail(this.dataSource.getRepository(User), input.advertiserEmail);
    const fields = input.campaign ?? {};
    const settings = withCampaignDefaults(readCampaignFields(fields, true, admin.role).settings);
    const tier = settings.deliveryTier;
    if (!(BOOKED_TIERS as readonly DeliveryTier[]).includes(tier)) throw new ValidationError("deliveryTier", "A booking is a SPONSORSHIP or a GUARANTEED campaign: an AUCTION campaign is self-serve");
    const override = check.flag("overrideAvailability", input.overrideAvailability, false);
    const availabilityInput = { targetCountries: fields.targetCountries, targeting: fields.targeting, startDate: fields.startDate, endDate: fields.endDate };

    for (let round = 1; round <= BOOKING_ROUNDS; round++) {
      const { version } = await this.dataSource.getRepository(BookingLedger).findOneByOrFail({ id: NETWORK_LEDGER });
      const availability = await this.availability.availability(availabilityInput, nowMs);
      const needed = neededImpressions(settings, availability);
      if (needed > availability.availableImpressions && !override) {
        throw new ValidationError(
          tier === DeliveryTier.SPONSORSHIP ? "sharePercent" : "goalAmount",
          `Only ${thousands(availability.availableImpressions)} impressions are available for this targeting and dates, and this booking needs ${thousands(needed)}: lower it, widen the targeting or dates, or book it with overrideAvailability`,
        );
      }
      try {
        const order = await this.idempotency.once(
          { userId: admin.id, operation: "bookCampaign", key, request: { advertiserId: advertiser.id, fields, override } },
          async (manager) => {
            await this.moveLedger(manager, version);
            const campaign = await this.campaigns.createIn(manager, advertiser, admin.role, fields);
            const overridden = needed > availability.availableImpressions;
            const orders = manager.getRepository(InsertionOrder);
            const order = await orders.save(orders.create({ campaignId: campaign.id, bookedBy: admin.id, availableImpressions: availability.availableImpressions, overridden, bookedAt: new Date(nowMs) }));
            await this.audit.record(
              { action: AuditAction.CAMPAIGN_BOOKED, target: { type: "campaign", id: campaign.id, userId: advertiser.id }, after: { availableImpressions: availability.availableImpressions, overrideAvailability: overridden } },
              manager,
            );
            return { id: campaign.id, result: order };
          },
          (campaignId) => this.dataSource.getRepository(InsertionOrder).findOneByOrFail({ campaignId }),
        );
        return { campaign: await this.campaigns.withStatsById(order.campaignId), order, availability };
      } catch (error) {
        if (!(error instanceof LedgerMoved)) throw error;
      }
    }
    throw new ConflictError("Other bookings are being made on this inventory: send the booking again in a moment", "goalAmount");
  }

  /**
   * A make-good for a guaranteed campaign: its goal raised by the extra impressions and its flight
   * extended to the new end date, in one change logged as the make-good. The goal is raised from
   * the campaign's locked row, once per idempotency key however many identical requests arrive.
   */
  async makeGood(admin: User, id: unknown, input: MakeGoodInput, key: unknown): Promise<CampaignWithStats> {
    needsKey(key);
    const found = await this.campaigns.findById(id);
    if (found.deliveryTier !== DeliveryTier.GUARANTEED || found.goalType !== GoalType.IMPRESSIONS || found.goalAmount === null) {
      throw new ValidationError("id", "A make-good adds impressions to a guaranteed campaign with an impressions goal");
    }
    const extra = check.integer("extraImpressions", input.extraImpressions, 1, Number.MAX_SAFE_INTEGER);
    const endDate = check.calendarDate("endDate", input.endDate, found.endDate);
    const campaignId = await this.idempotency.once(
      { userId: admin.id, operation: "bookMakeGood", key, request: { id: found.id, extra, endDate } },
      async (manager) => {
        await this.campaigns.updateIn(
          manager,
          found.id,
          admin.role,
          (campaign: Campaign) => {
            if (endDate < campaign.endDate) throw new ValidationError("endDate", `A make-good extends the flight: the end date cannot be before ${campaign.endDate}`);
            return { goalAmount: (campaign.goalAmount ?? 0) + extra, endDate };
          },
          { action: AuditAction.CAMPAIGN_MADE_GOOD, noted: { extraImpressions: extra } },
        );
        return { id: found.id, result: found.id };
      },
      async (made) => made,
    );
    return this.campaigns.withStatsById(campaignId);
  }

  /** Moves the ledger from the version the availability was read at, or gives way to the booking that moved it. */
  private async moveLedger(manager: EntityManager, version: number): Promise<void> {
    const { affected } = await manager.getRepository(BookingLedger).update({ id: NETWORK_LEDGER, version }, { version: version + 1 });
    if (!affected) throw new LedgerMoved();
  }

}
