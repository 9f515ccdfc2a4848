import type { DataSource } from "typeorm";
import { advertiserAccounts } from "../../funds/funds-totals";
import type { LedgerService } from "../../ledger/ledger.service";
import { reportCalendar } from "../../reports/grains";
import type { Inventory } from "../decision/inventory";
import type { CampaignSpend } from "../model";
import type { AdvertiserFunds, SpendSource } from "../state/delivery-state";
import type { EventRecorder } from "./event-recorder";

/**
 * Budgets and advertisers' spent counters start, and are rebuilt after a lost Redis, from the
 * ledger plus the spend counted and not yet written. The pending spend is read before the ledger:
 * a batch written in between is then counted twice (a budget stops a little early), never missed.
 * Advertisers' allowances come from the database, which is their record.
 */
export function spendSource(dataSource: DataSource, ledger: LedgerService, recorder: EventRecorder, inventory: Inventory): SpendSource {
  const pending = (day: string, writtenSinceMs?: number) => recorder.pendingSpendByCampaign(reportCalendar().dateStart(day), writtenSinceMs);
  const pendingFunds = (writtenSinceMs?: number) => recorder.pendingSpendByAdvertiser(writtenSinceMs);
  const ledgerSpend = async (campaignIds: number[], day: string) => {
    const [totals, today] = await Promise.all([ledger.spendByCampaign(campaignIds), ledger.spendByCampaign(campaignIds, new Date(reportCalendar().dateStart(day)))]);
    return new Map<number, CampaignSpend>(campaignIds.map((id) => [id, { total: totals.get(id) ?? 0, today: today.get(id) ?? 0 }]));
  };
  const bookedFunds = async (advertiserIds: number[]) => {
    const accounts = await advertiserAccounts(dataSource.manager, advertiserIds);
    return new Map<number, AdvertiserFunds>([...accounts].map(([id, { spentMicros, allowanceMicros }]) => [id, { spentMicros, allowanceMicros }]));
  };
  return {
    campaignIds: () => inventory.servableCampaignIds(),
    advertiserIds: () => inventory.servableAdvertiserIds(),
    pending,
    pendingFunds,
    load: async (campaignIds, day) => {
      const unwritten = pending(day);
      const booked = await ledgerSpend(campaignIds, day);
      for (const [id, spend] of booked) booked.set(id, { total: spend.total + (unwritten.get(id)?.total ?? 0), today: spend.today + (unwritten.get(id)?.today ?? 0) });
      return booked;
    },
    loadFunds: async (advertiserIds) => {
      const unwritten = pendingFunds();
      const booked = await bookedFunds(advertiserIds);
      for (const [id, funds] of booked) funds.spentMicros += unwritten.get(id) ?? 0;
      return booked;
    },
    books: async (campaignIds, advertiserIds, day) => {
      const [spend, funds] = await Promise.all([ledgerSpend(campaignIds, day), bookedFunds(advertiserIds)]);
      return { spend, funds };
    },
    eventLog: () => recorder.logShared(),
    logPositions: () => recorder.logPositions(),
  };
}
