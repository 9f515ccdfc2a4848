import { BatchLoader } from "../../common/batch-loader";
import { NotFoundError } from "../../common/errors";
import type { CampaignsService } from "../campaigns/campaigns.service";
import type { UsersService } from "../users/users.service";
import { AccountSummaryView } from "./owner.types";

/**
 * The owners of the objects one request lists, one query per list however long it is. Made for
 * each request: what it loaded is never served to the next one.
 */
export class OwnerLoader {
  private readonly accounts: BatchLoader<number, AccountSummaryView>;
  private readonly advertiserIds: BatchLoader<number, number>;

  constructor(services: { users: UsersService; campaigns: CampaignsService }) {
    this.accounts = new BatchLoader(
      async (ids) => new Map([...(await services.users.byIds(ids))].map(([id, user]) => [id, AccountSummaryView.from(user)])),
      () => new NotFoundError("Account"),
    );
    this.advertiserIds = new BatchLoader((ids) => services.campaigns.advertiserIdsOf(ids), () => new NotFoundError("Campaign"));
  }

  account(userId: number): Promise<AccountSummaryView> {
    return this.accounts.load(userId);
  }

  /** A creative belongs to whoever owns its campaign. */
  async advertiserOf(campaignId: number): Promise<AccountSummaryView> {
    return this.account(await this.advertiserIds.load(campaignId));
  }
}
