import { ForbiddenError } from "../../common/errors";
import type { User } from "../users/user.entity";

export const VERIFY_FIRST = "Verify your e-mail address first: open the link we sent you, or ask for a new one";

/** Sites, campaigns and payout requests need an account whose address is proved. */
export function requireVerifiedEmail(user: Pick<User, "emailVerifiedAt">): void {
  if (!user.emailVerifiedAt) throw new ForbiddenError(VERIFY_FIRST);
}
