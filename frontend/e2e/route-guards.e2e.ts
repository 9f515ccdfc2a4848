import { AuthDialog } from "./pages/auth-dialog";
import { newAccount, registeredToken, signIn, type Role } from "./support/api";
import { useVisitors } from "./support/browser";
import { screenshot } from "./support/screenshots";
import { adminAccount } from "./support/shared-server";

const visitors = useVisitors();

const ROLE_ROUTES = ["/publisher", "/advertiser", "/admin"];
const PROTECTED_ROUTES = [...ROLE_ROUTES, "/dashboard"];

interface Visitor {
  kind: string;
  token: () => Promise<string | undefined>;
  /** Where every protected route ends up for this visitor, and what it shows there. */
  home: string;
  heading: string;
  /** Whether a dashboard asks this visitor to sign in (with the way back) on the way home. */
  asksToSignIn?: boolean;
}

const selfRegistered = (role: Role) => () => registeredToken(newAccount(role, `Guarded ${role.toLowerCase()}`));

const visitorKinds: Visitor[] = [
  { kind: "publisher", token: selfRegistered("PUBLISHER"), home: "/publisher", heading: "Publisher Dashboard" },
  { kind: "advertiser", token: selfRegistered("ADVERTISER"), home: "/advertiser", heading: "Advertiser Dashboard" },
  { kind: "admin", token: () => signIn(adminAccount()), home: "/admin", heading: "Admin Dashboard" },
  { kind: "anonymous visitor", token: async () => undefined, home: "/", heading: "The Ad Network That Grows With You", asksToSignIn: true },
];

test.each(visitorKinds)("a $kind is sent to $home from every dashboard route", async ({ token, home, heading, asksToSignIn }) => {
  const page = await visitors.open({ token: await token() });

  for (const route of PROTECTED_ROUTES) {
    await page.goto(route);
    await expect(page).toHavePath(home);
    if (asksToSignIn && ROLE_ROUTES.includes(route)) {
      const auth = new AuthDialog(page);
      await expect(auth.loginForm).toBeVisible();
      await screenshot(page, `asked to sign in at ${route}`);
      await page.keyboard.press("Escape");
      await expect(auth.root).not.toBeVisible();
    }
    await expect(page.getByRole("heading", { name: heading, level: 1 })).toBeVisible();
    await screenshot(page, `visited ${route}`);
  }
});
