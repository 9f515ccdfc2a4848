import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { formatDateTime } from "../../../components/format";
import { MailOutboxDocument, type MailOutboxQuery } from "../../../gql/graphql";
import { renderScreen } from "../../../test/render";
import { OutboxTab } from "./outbox-tab";

type Mail = MailOutboxQuery["mailOutbox"]["items"][number];

const mail = (over: Partial<Mail> = {}): Mail => ({
  __typename: "MailMessage",
  id: 1,
  recipient: "sam@example.com",
  subject: "Verify your e-mail address",
  kind: "verify_email",
  status: "OUTBOX",
  attempts: 1,
  lastError: null,
  text: "Open this link to verify: https://adnet.test/verify-email?token=abc",
  createdAt: "2025-04-01T09:05:00.000Z",
  sentAt: null,
  ...over,
});

const outbox = (items: Mail[]) => ({
  request: { query: MailOutboxDocument, variables: { input: { search: null, offset: 0, limit: 20, status: null } } },
  result: {
    data: {
      mailOutbox: { __typename: "MailMessagePage" as const, items, totalCount: items.length },
      mailSettings: { __typename: "MailSettings" as const, mode: "OUTBOX" as const },
    },
  },
});

jest.setTimeout(15_000);

test("each e-mail is folded to its subject, recipient and time, and opens to its body", async () => {
  const reset = mail({ id: 2, recipient: "ada@example.com", subject: "Reset your password", kind: "password_reset", text: "Reset it here: https://adnet.test/reset", createdAt: "2025-04-01T10:30:00.000Z" });
  renderScreen(<OutboxTab />, { mocks: [outbox([mail(), reset])] });

  const message = await screen.findByRole("article", { name: "E-mail to sam@example.com: Verify your e-mail address" });
  const opener = within(message).getByRole("button", { name: /Verify your e-mail address/ });
  expect(opener).toHaveAttribute("aria-expanded", "false");
  expect(within(opener).getByText("To sam@example.com · verify email")).toBeVisible();
  expect(within(opener).getByText(formatDateTime("2025-04-01T09:05:00.000Z"))).toBeVisible();
  expect(formatDateTime("2025-04-01T09:05:00.000Z")).toMatch(/^Apr 1, 2025, \d{1,2}:\d{2}\s(AM|PM)$/);
  expect(screen.queryByText(/Open this link to verify/)).not.toBeVisible();

  await userEvent.click(opener);

  expect(opener).toHaveAttribute("aria-expanded", "true");
  expect(await within(message).findByText(/Open this link to verify/)).toBeVisible();
  // Opening one leaves the others folded.
  expect(screen.queryByText("Reset it here: https://adnet.test/reset")).not.toBeVisible();
});
