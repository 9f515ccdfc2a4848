import { mirroring, type Route } from "../../common/rest-route";
import { EmailLinksResolver } from "./email-links.resolver";
import { emailLinkOperations } from "./email-links.operations";

/** The answer of a call that reports what it did in words, `{"detail": "..."}`. */
const MESSAGE = { $ref: "#/components/schemas/Message" };

/** The links an e-mail carries: resetting a forgotten password, verifying an address. */
export const emailLinkRoutes: Route[] = [
  {
    method: "POST",
    url: "/auth/forgot-password",
    ...mirroring(EmailLinksResolver, "forgotPassword"),
    doc: { answer: MESSAGE },
    status: 202,
    handle: async ({ services, ip }, body) => {
      await services.emailLinks.forgotPassword(body.email, ip);
      return { detail: "If an account uses this address, a link to reset its password is on its way." };
    },
  },
  {
    method: "POST",
    url: "/auth/reset-password",
    ...mirroring(EmailLinksResolver, "resetPassword"),
    doc: { answer: MESSAGE },
    handle: async ({ services, ip }, body) => {
      await services.emailLinks.resetPassword({ token: body.token, newPassword: body.new_password }, ip);
      return { detail: "Your password is changed and every session has ended: sign in with the new password." };
    },
  },
  {
    method: "POST",
    url: "/auth/verify-email",
    ...mirroring(EmailLinksResolver, "verifyEmail"),
    handle: (context, body) => emailLinkOperations.verifyEmail(context, body.token),
  },
];
