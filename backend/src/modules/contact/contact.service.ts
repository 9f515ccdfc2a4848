import { DataSource, Repository } from "typeorm";
import { type ListInputFields, listRequest, type Page, pageOf } from "../../common/list-page";
import { RateLimit, RateLimiter, RateLimiterFactory } from "../../auth/rate-limiter";
import { RateLimitedError } from "../../common/errors";
import { MAX_LENGTH } from "../../common/text-limits";
import * as check from "../../common/validate";
import { CONTACT_SUBJECTS, ContactMessage } from "./contact-message.entity";

/** Anyone may write; a few messages an hour per IP keeps the inbox free of floods. */
const MESSAGES_PER_IP: RateLimit = { name: "contact-ip", limit: 5, windowMs: 60 * 60 * 1000 };

export class ContactService {
  private readonly messages: Repository<ContactMessage>;
  private readonly perIp: RateLimiter;

  constructor(dataSource: DataSource, rateLimiter: RateLimiterFactory) {
    this.messages = dataSource.getRepository(ContactMessage);
    this.perIp = rateLimiter(MESSAGES_PER_IP);
  }

  async send(input: { name?: unknown; email?: unknown; subject?: unknown; message?: unknown }, ip: string): Promise<ContactMessage> {
    const message = this.messages.create({
      name: check.requiredText("name", input.name, MAX_LENGTH.name),
      email: check.email("email", input.email),
      subject: check.oneOf("subject", input.subject, CONTACT_SUBJECTS, "general"),
      message: check.requiredText("message", input.message, MAX_LENGTH.message),
    });
    if ((await this.perIp.admit(ip)).retryAfterMs > 0) throw new RateLimitedError("Too many messages sent. Please try again later.");
    return this.messages.save(message);
  }

  /** The admins' inbox: by the sender's name or e-mail, newest first. */
  page(input?: ListInputFields): Promise<Page<ContactMessage>> {
    return pageOf(this.messages.createQueryBuilder("message"), listRequest(input), { search: ["message.name"], folded: ["message.email"], id: "message.id" });
  }
}
