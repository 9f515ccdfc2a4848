import { registerEnumType } from "type-graphql";

/** The review moves an admin makes on a site, one mutation each (a creative adds its archive: CreativeAction). */
export enum ReviewAction {
  APPROVE = "approve",
  REJECT = "reject",
}

registerEnumType(ReviewAction, { name: "ReviewAction", description: "What an admin may do to a site in review, one mutation each." });
