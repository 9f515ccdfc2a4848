import { card, openTab, toast } from "./pages/common";
import { contactDialog, sendContactMessage } from "./pages/contact-dialog";
import { signIn, uniqueName } from "./support/api";
import { useVisitors } from "./support/browser";
import { screenshot } from "./support/screenshots";
import { adminAccount } from "./support/shared-server";

const visitors = useVisitors();

test("a visitor's contact message reaches the admins' Messages tab", async () => {
  const message = {
    name: uniqueName("Carla Contact"),
    email: "carla@example.com",
    subject: "Technical Support",
    message: "My ad tag shows nothing on the page.",
  };
  const visitor = await visitors.open();

  await visitor.goto("/");
  await visitor.getByRole("banner").getByRole("button", { name: "Contact" }).click();
  await expect(contactDialog(visitor).getByText("Send us a message and our team will reply within 24 hours.")).toBeVisible();
  await screenshot(visitor, "visitor - contact dialog");
  await sendContactMessage(visitor, message);
  await expect(toast(visitor, "Message sent successfully! We'll get back to you soon.")).toBeVisible();
  await expect(contactDialog(visitor)).not.toBeVisible();
  await screenshot(visitor, "visitor - message sent");

  const admin = await visitors.open({ token: await signIn(adminAccount()) });
  await admin.goto("/admin");
  await openTab(admin, "Messages");
  const received = card(admin, `Message from ${message.name}`);
  await expect(received.getByText(message.message)).toBeVisible();
  await expect(received.getByRole("link", { name: message.email })).toBeVisible();
  await expect(received.getByText("support", { exact: true })).toBeVisible();
  await screenshot(admin, "admin - messages tab");
});
