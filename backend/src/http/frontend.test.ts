import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startTestApp, TestApp } from "../../test/test-app";
import { APP_ROUTES_FILE } from "./frontend";

const NOT_FOUND_PAGE = "<!doctype html><title>Page Not Found · AdNet</title><h1>Page not found</h1>";
const SHELL = '<!doctype html><title>AdNet</title><div id="root"></div>';

describe("the web app's pages", () => {
  let t: TestApp;
  let frontendDir: string;
  beforeAll(async () => {
    frontendDir = mkdtempSync(join(tmpdir(), "adnet-frontend-"));
    writeFileSync(join(frontendDir, "index.html"), "<!doctype html><h1>The Ad Network That Grows With You</h1>");
    writeFileSync(join(frontendDir, "shell.html"), SHELL);
    writeFileSync(join(frontendDir, "not-found.html"), NOT_FOUND_PAGE);
    writeFileSync(join(frontendDir, APP_ROUTES_FILE), JSON.stringify(["/", "/dashboard", "/publisher/:tab?", "/admin/users/:id", "/ad-formats"]));
    mkdirSync(join(frontendDir, "ad-formats"));
    writeFileSync(join(frontendDir, "ad-formats", "index.html"), "<!doctype html><h1>Ad Formats</h1>");
    t = await startTestApp({ FRONTEND_DIR: frontendDir });
  });
  afterAll(async () => {
    await t.close();
    rmSync(frontendDir, { recursive: true, force: true });
  });

  const page = async (path: string, accept = "text/html,application/xhtml+xml") => {
    const response = await fetch(`${t.url}${path}`, { headers: { accept } });
    return { status: response.status, type: response.headers.get("content-type"), body: await response.text() };
  };

  it.each(["/no-such-page", "/publisher/sites/extra", "/admin/users", "/shop/index.php"])(
    "answers %s with 404 and the not-found page",
    async (path) => {
      const answer = await page(path);
      expect(answer.status).toBe(404);
      expect(answer.type).toMatch(/^text\/html/);
      expect(answer.body).toBe(NOT_FOUND_PAGE);
    },
  );

  it.each(["/dashboard", "/publisher", "/publisher/zones", "/publisher/zones/", "/Publisher/Reports", "/admin/users/7?from=list"])(
    "answers the app's route %s with the shell, 200",
    async (path) => {
      expect(await page(path)).toMatchObject({ status: 200, body: SHELL });
    },
  );

  it("answers a prerendered page with its own HTML, 200", async () => {
    expect(await page("/ad-formats")).toMatchObject({ status: 200, body: "<!doctype html><h1>Ad Formats</h1>" });
  });

  it("answers an unknown path that does not ask for HTML with the API's 404", async () => {
    const answer = await page("/no-such-page", "application/json");
    expect(answer.status).toBe(404);
    expect(JSON.parse(answer.body)).toEqual({ detail: "Not Found" });
  });
});
