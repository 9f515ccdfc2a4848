import { DataSource, Repository } from "typeorm";
import { RateLimiter } from "../../auth/rate-limiter";
import { RateLimitedError } from "../../common/errors";
import * as check from "../../common/validate";
import { CONTACT_SUBJECTS, ContactMessage } from "./contact-message.entity";

/** Anyone may write; a few messages an hour per IP keeps the inbox free of floods. */
const MESSAGES_PER_HOUR = 5;

export class ContactService {
  private readonly messages: Repository<ContactMessage>;
  private readonly perIp = new RateLimiter(MESSAGES_PER_HOUR, 60 * 60 * 1000);

  constructor(dataSource: DataSource) {
    this.messages = dataSource.getRepository(ContactMessage);
  }

  async send(input: { name?: unknown; email?: unknown; subject?: unknown; message?: unknown }, ip: string): Promise<ContactMessage> {
    const message = this.messages.create({
      name: check.requiredText("name", input.name, 120),
      email: check.email("email", input.email),
      subject: check.oneOf("subject", input.subject, CONTACT_SUBJECTS, "general"),
      message: check.requiredText("message", input.message, 5000),
    });
    if (this.perIp.retryAfterMs(ip) > 0) throw new RateLimitedError("Too many messages sent. Please try again later.");
    this.perIp.record(ip);
    return this.messages.save(message);
  }

  list(): Promise<ContactMessage[]> {
    return this.messages.find({ order: { id: "DESC" } });
  }
}
