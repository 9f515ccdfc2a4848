import { mirroring, type Route } from "../../common/rest-route";
import { userOperations } from "../users/users.operations";
import { TwoFactorResolver } from "./two-factor.resolver";

/** A sign-in's second step: the challenge a password answered with, and a code. */
export const twoFactorRoutes: Route[] = [
  {
    method: "POST",
    url: "/auth/two-factor",
    ...mirroring(TwoFactorResolver, "completeTwoFactorSignIn"),
    handle: (context, body) => userOperations.completeTwoFactorSignIn(context, { challengeToken: body.challenge_token, code: body.code }),
  },
];
