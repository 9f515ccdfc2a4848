import { type CampaignEntry } from "../model";
import { type EventCharge, NO_CHARGE } from "./counted-events";
import type { InvalidReason } from "../quality/invalid-reasons";
import { StateUnavailableError } from "../state/delivery-state";
import { EventJudge } from "./event-judge";

const CONVERSION_WINDOW_MS = 30 * 24 * 3600 * 1000;
const CLICK_ID = /^[A-Za-z0-9_-]{8,32}$/;

/** Judges conversion pixels: a conversion counts for the campaign's click that brought the visitor, within 30 days, once. */
export class ConversionJudge extends EventJudge {
  /** Counts a conversion for the campaign's click that brought the visitor, within 30 days, once; charges a CPA click's bid. */
  async countConversion(campaignId: number, signature: unknown, clickId: unknown): Promise<boolean> {
    const now = Date.now();
    const at = { atMs: now, zoneId: 0, campaignId };
    let refusal: InvalidReason | null = null;
    try {
      if (!this.offers.signsConversion(campaignId, signature)) refusal = "bad_signature";
      else if (typeof clickId !== "string" || !CLICK_ID.test(clickId)) refusal = "no_click";
      else refusal = await this.judgeConversion(campaignId, clickId, now);
    } catch (error) {
      if (!(error instanceof StateUnavailableError)) throw error;
      refusal = "state_unavailable";
    }
    if (refusal) this.refuse("conversion", refusal, at);
    return refusal === null;
  }

  /**
   * A CPA click's conversion is claimed in the shared state before its price is charged, so a pixel
   * fired twice, or in two processes, charges the budget once; the writer's transaction books it,
   * like any conversion, once whatever happens (see creditConversions).
   */
  private async judgeConversion(campaignId: number, clickId: string, now: number): Promise<InvalidReason | null> {
    const click = await this.recorder.convertibleClick(clickId, campaignId, now - CONVERSION_WINDOW_MS);
    if (typeof click === "string") return click;
    let charge: EventCharge = NO_CHARGE;
    let campaign: CampaignEntry | undefined;
    if (click.conversionPriceMicros > 0) {
      const leftSeconds = Math.max(1, Math.ceil((click.counted.atMs + CONVERSION_WINDOW_MS - now) / 1000));
      if (!(await this.state.claimConversion(clickId, click.counted.atMs, leftSeconds))) return "replay";
      campaign = this.inventory.campaign(campaignId);
      const zone = this.inventory.zone(click.counted.zoneId);
      // A campaign or zone gone from the catalogue can no longer be billed, like its impressions and clicks.
      if (!campaign || !zone) return "bad_signature";
      const charged = await this.charging.charge(campaign, zone, click.conversionPriceMicros, now, now);
      if (typeof charged === "string") return charged;
      charge = charged;
    }
    if (await this.recorder.conversion(clickId, { ...click.counted, atMs: now }, charge)) return null;
    if (campaign) await this.charging.refund(campaign, charge, now);
    return "replay";
  }
}
