import { AuthDialog } from "./pages/auth-dialog";
import { toast } from "./pages/common";
import { emailedLink, newAccount, registeredToken, signIn } from "./support/api";
import { useVisitors } from "./support/browser";
import { screenshot } from "./support/screenshots";

const visitors = useVisitors();

test("a publisher who forgot their password gets a link, chooses a new password and signs in with it", async () => {
  const account = newAccount("PUBLISHER", "Fran Forgetful");
  const oldSession = await registeredToken(account);
  const page = await visitors.open();

  await page.goto("/");
  const auth = await AuthDialog.openFrom(page, "Login");
  await auth.loginForm.getByRole("button", { name: "Forgot password?" }).click();
  const forgot = auth.root.getByRole("form", { name: "Forgot password" });
  await forgot.getByLabel("Email").fill(account.email);
  await forgot.getByRole("button", { name: "Send Reset Link" }).click();
  await expect(auth.root.getByText(`If an account uses ${account.email}, we sent it a link to choose a new password.`, { exact: false })).toBeVisible();
  await screenshot(page, "forgot password - link sent");

  // The test server has no SMTP server: the e-mail waits in the outbox, as an admin would read it.
  const link = await emailedLink(account.email, "password_reset");
  await page.goto(link);
  await expect(page.getByRole("heading", { name: "Choose a new password" })).toBeVisible();
  const newPassword = `${account.password}-renewed`;
  const form = page.getByRole("form", { name: "Reset password" });
  await form.getByLabel("New password").fill(newPassword);
  await form.getByLabel("Confirm password").fill(newPassword);
  await form.getByRole("button", { name: "Set New Password" }).click();
  await expect(page.getByText("Your password is changed. Sign in with your new password.")).toBeVisible();
  await screenshot(page, "reset password - done");

  // Every session of the account has ended, and the old password no longer opens it.
  const me = await fetch(new URL("/api/auth/me", link), { headers: { authorization: `Bearer ${oldSession}` } });
  expect(me.status).toBe(401);
  await expect(signIn(account)).rejects.toThrow("Incorrect email or password");

  await page.getByRole("button", { name: "Sign In" }).click();
  const login = new AuthDialog(page);
  await login.login({ email: account.email, password: newPassword });
  await expect(toast(page, "Welcome back!")).toBeVisible();
  await expect(page).toHavePath("/publisher");

  // The link worked once.
  await page.goto(link);
  const again = page.getByRole("form", { name: "Reset password" });
  await again.getByLabel("New password").fill(`${newPassword}-again`);
  await again.getByLabel("Confirm password").fill(`${newPassword}-again`);
  await again.getByRole("button", { name: "Set New Password" }).click();
  await expect(again.getByRole("alert").getByText("This link has already been used: each link works once")).toBeVisible();
});

test("a new advertiser sees why they must verify their address, opens the link, and the banner is gone", async () => {
  const account = newAccount("ADVERTISER", "Vera Verify");
  const token = await registeredToken(account, { verified: false });
  const page = await visitors.open({ token });

  await page.goto("/advertiser");
  const banner = page.getByRole("alert", { name: "Verify your e-mail address" }).or(page.getByLabel("Verify your e-mail address"));
  await expect(banner).toBeVisible();
  await expect(banner.getByText(`We sent a link to ${account.email}.`, { exact: false })).toBeVisible();
  await screenshot(page, "advertiser - verify banner");

  await page.goto(await emailedLink(account.email, "verify_email"));
  await expect(page.getByText(`Thank you: ${account.email} is verified.`)).toBeVisible();
  await page.getByRole("link", { name: "Go to your dashboard" }).click();
  await expect(page).toHavePath("/advertiser");
  await expect(page.getByRole("heading", { name: "Advertiser Dashboard" })).toBeVisible();
  // Once the dashboard's queries have answered, the banner is not there.
  await page.waitForLoadState("networkidle");
  expect(await banner.count()).toBe(0);
});
