import { actorOf, type AppContext } from "../../auth/context";
import type { EmailLinksService } from "./email-links.service";
import { EmailStatusView } from "./email-links.types";

/** Each e-mail link operation that answers a view, as both doors answer it. */
export const emailLinkOperations = {
  myEmailStatus: async (context: AppContext): Promise<EmailStatusView> => EmailStatusView.from(await context.services.emailLinks.status(actorOf(context))),
  verifyEmail: async ({ services, ip }: AppContext, token: unknown): Promise<EmailStatusView> =>
    EmailStatusView.from(await services.emailLinks.status(await services.emailLinks.verifyEmail(token, ip))),
  requestEmailChange: async (context: AppContext, input: Parameters<EmailLinksService["requestEmailChange"]>[1]): Promise<EmailStatusView> =>
    EmailStatusView.from(await context.services.emailLinks.requestEmailChange(actorOf(context), input)),
};
