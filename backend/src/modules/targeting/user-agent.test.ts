import { userAgentTraits } from "./user-agent";

const WINDOWS_CHROME = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36";
const IPHONE_SAFARI = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";
const IPAD = "Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";
const REDUCED_ANDROID = "Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Mobile Safari/537.36";

it("reads device, system and browser from the user agent", () => {
  expect(userAgentTraits(WINDOWS_CHROME)).toEqual({ device: "desktop", os: "windows", browser: "chrome" });
  expect(userAgentTraits(IPHONE_SAFARI)).toEqual({ device: "mobile", os: "ios", browser: "safari" });
  expect(userAgentTraits(IPAD)).toMatchObject({ device: "tablet", os: "ios" });
  expect(userAgentTraits(REDUCED_ANDROID)).toEqual({ device: "mobile", os: "android", browser: "chrome" });
  expect(userAgentTraits(undefined)).toEqual({ device: "other", os: "other", browser: "other" });
});

it("lets client hints correct a frozen user agent, and ignores malformed ones", () => {
  expect(userAgentTraits(WINDOWS_CHROME, { mobile: "?1", platform: '"Android"', brands: '"Chromium";v="130", "Microsoft Edge";v="130", "Not?A_Brand";v="99"' })).toEqual({
    device: "mobile",
    os: "android",
    browser: "edge",
  });
  expect(userAgentTraits(WINDOWS_CHROME, { mobile: "yes", platform: "x".repeat(500), brands: "{garbage" })).toEqual({ device: "desktop", os: "windows", browser: "chrome" });
});
