import { simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";

export interface ReceivedMail {
  from: string;
  to: string[];
  subject: string;
  text: string;
  html: string;
}

export interface SmtpReceiver {
  /** What SMTP_URL should say to send here. */
  url: string;
  messages: ReceivedMail[];
  /** The first message to `to` (and matching `subject`, when given) received, waiting for it if need be. */
  waitFor(to: string, subject?: RegExp, timeoutMs?: number): Promise<ReceivedMail>;
  /** Refuses the next `count` messages with a temporary error, as a mail server that is away does. */
  refuseNext(count: number): void;
  close(): Promise<void>;
}

/** A real SMTP server on a random local port, keeping every message it accepts. */
export async function startSmtpReceiver(): Promise<SmtpReceiver> {
  const messages: ReceivedMail[] = [];
  let refusals = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", async () => {
        if (refusals > 0) {
          refusals -= 1;
          const error = Object.assign(new Error("Mailbox busy, try again later"), { responseCode: 451 });
          return callback(error);
        }
        const parsed = await simpleParser(Buffer.concat(chunks));
        messages.push({
          from: parsed.from?.text ?? "",
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          subject: parsed.subject ?? "",
          text: parsed.text ?? "",
          html: typeof parsed.html === "string" ? parsed.html : "",
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as { port: number };
  const find = (to: string, subject?: RegExp) => messages.find((message) => message.to.includes(to) && (!subject || subject.test(message.subject)));

  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    async waitFor(to, subject, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = find(to, subject);
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`no e-mail to ${to}${subject ? ` matching ${subject}` : ""}; received: ${JSON.stringify(messages.map((m) => [m.to, m.subject]))}`);
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    },
    refuseNext(count) {
      refusals = count;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The link of a message (the first address starting with the origin). */
export function linkIn(mail: ReceivedMail, origin: string): string {
  const match = new RegExp(`${origin.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&")}/[^\\s"<]+`).exec(mail.text);
  if (!match) throw new Error(`no link to ${origin} in: ${mail.text}`);
  return match[0];
}

export const tokenOf = (link: string) => new URL(link).searchParams.get("token")!;
