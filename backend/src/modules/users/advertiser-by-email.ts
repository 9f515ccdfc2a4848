import type { Repository } from "typeorm";
import { Role } from "../../auth/roles";
import { ValidationError } from "../../common/errors";
import * as check from "../../common/validate";
import type { User } from "./user.entity";

/** The advertiser an admin names by e-mail (for credit, a credit limit, a booking), or a refusal naming the field. */
export async function advertiserByEmail(users: Repository<User>, value: unknown): Promise<User> {
  const email = check.email("advertiserEmail", value);
  const advertiser = await users.findOneBy({ email, role: Role.ADVERTISER });
  if (!advertiser) throw new ValidationError("advertiserEmail", `No advertiser has the e-mail ${email}`);
  return advertiser;
}
