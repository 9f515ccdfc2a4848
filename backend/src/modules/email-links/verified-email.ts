import { ForbiddenError } from "../../common/errors";
import { Role } from "../../auth/roles";
import type { User } from "../users/user.entity";

export const VERIFY_FIRST = "Verify your e-mail address first: open the link we sent you, or ask for a new one";

/**
 * What each role cannot do until its address is proved, as the banner says it ("you cannot …"):
 * the services below call `requireVerifiedEmail` for exactly these.
 */
export const WAITS_FOR_VERIFICATION: Record<Role, string | null> = {
  [Role.PUBLISHER]: "submit sites or payout requests",
  [Role.ADVERTISER]: "create or copy campaigns",
  [Role.ADMIN]: null,
};

/** Sites, campaigns and payout requests need an account whose address is proved. */
export function requireVerifiedEmail(user: Pick<User, "emailVerifiedAt">): void {
  if (!user.emailVerifiedAt) throw new ForbiddenError(VERIFY_FIRST);
}
