import type { AccountSummaryView } from "./owner.types";
import type { OwnerLoader } from "./owner-loader";

/** The legacy admins' lists: every one of GraphQL's `typeName`, each with its owner, rather than a page. */
export const ownedList = (typeName: string) => ({ type: "array", items: { allOf: [{ $ref: `#/components/schemas/${typeName}` }, { properties: { owner: { type: "object" } } }] } });

/** The admins' lists name each object's owner, loaded for the whole list at once; the other keys stay as they were. */
export const withOwners = <T extends object>(items: T[], owners: OwnerLoader, ownerOfItem: (item: T, owners: OwnerLoader) => Promise<AccountSummaryView>) =>
  Promise.all(items.map(async (item) => ({ ...item, owner: await ownerOfItem(item, owners) })));
