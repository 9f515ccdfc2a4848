/** A campaign spent its budget and stopped showing ads. */
export class CampaignCompleted {
  constructor(
    readonly campaignId: number,
    readonly advertiserId: number,
    readonly name: string,
  ) {}
}

/** A charge for a campaign was refused for want of funds. */
export class CampaignOutOfFunds {
  constructor(
    readonly campaignId: number,
    readonly advertiserId: number,
    readonly name: string,
    /** The advertiser's deposits, credits and credit limit when it happened: running out again after adding funds is news again. */
    readonly allowanceMicros: number,
  ) {}
}
