import type { Page } from "playwright-core";

export interface ContactMessage {
  name: string;
  email: string;
  /** The subject's label as the select shows it. */
  subject: string;
  message: string;
}

export const contactDialog = (page: Page) => page.getByRole("dialog", { name: "Contact Us" });

export async function sendContactMessage(page: Page, message: ContactMessage) {
  const form = contactDialog(page).getByRole("form", { name: "Contact us" });
  await form.getByLabel("Name").fill(message.name);
  await form.getByLabel("Email").fill(message.email);
  await form.getByLabel("Subject").selectOption({ label: message.subject });
  await form.getByLabel("Message").fill(message.message);
  await form.getByRole("button", { name: "Send Message" }).click();
}
