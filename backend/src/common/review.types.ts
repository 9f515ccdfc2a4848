import { registerEnumType } from "type-graphql";

/** The review moves an admin makes on a site or a creative, one mutation each. */
export enum ReviewAction {
  APPROVE = "approve",
  REJECT = "reject",
}

registerEnumType(ReviewAction, { name: "ReviewAction", description: "What an admin may do to a site or a creative in review, one mutation each." });
