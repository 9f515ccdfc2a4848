import type { Page } from "playwright-core";
import type { Account } from "../support/api";

/** The landing page's Login / Register dialog. */
export class AuthDialog {
  readonly root;
  readonly loginForm;
  readonly registerForm;

  constructor(page: Page) {
    this.root = page.getByRole("dialog", { name: "Welcome to AdNet" });
    this.loginForm = this.root.getByRole("form", { name: "Login" });
    this.registerForm = this.root.getByRole("form", { name: "Register" });
  }

  /** Opens it from the landing page header, whose Login and Get Started pick the tab. */
  static async openFrom(page: Page, button: "Login" | "Get Started") {
    await page.getByRole("banner").getByRole("button", { name: button, exact: true }).click();
    return new AuthDialog(page);
  }

  async register(account: Account) {
    const form = this.registerForm;
    await form.getByLabel("Full name").fill(account.fullName);
    await form.getByLabel("Email").fill(account.email);
    await form.getByLabel("Password").fill(account.password);
    await form.getByLabel("I am a").selectOption(account.role);
    // On the label's first words, as a person ticks it: its middle holds the documents' links.
    await form.getByText(/^I accept the/).click({ position: { x: 4, y: 8 } });
    await form.getByRole("button", { name: "Create Account" }).click();
  }

  async login({ email, password }: { email: string; password: string }) {
    const form = this.loginForm;
    await form.getByLabel("Email").fill(email);
    await form.getByLabel("Password").fill(password);
    await form.getByRole("button", { name: "Login" }).click();
  }
}

/** Signs in from the home page as a returning user would. */
export async function signInFromLanding(page: Page, credentials: { email: string; password: string }) {
  await page.goto("/");
  const dialog = await AuthDialog.openFrom(page, "Login");
  await dialog.login(credentials);
}
