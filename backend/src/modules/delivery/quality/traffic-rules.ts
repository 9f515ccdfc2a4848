import { createIsbotFromList, list as maintainedBotList } from "isbot";

/**
 * Automation, tools and link-preview fetchers no advertiser pays to reach, beyond the maintained
 * list (the isbot package), which may drop a pattern we still need: the network's own word on them.
 */
const NETWORK_BOT_PATTERNS = [
  "googleother",
  "google-inspectiontool",
  "postman",
  "httpie",
  "insomnia",
  "whatsapp",
  "telegrambot",
  "slackbot",
  "discordbot",
  "facebookexternalhit",
  "skypeuripreview",
  "iframely",
  "embedly",
  "preview",
  "headlesschrome",
  "phantomjs",
  "puppeteer",
  "playwright",
  "selenium",
  "lighthouse",
  "pagespeed",
];

const matchesBot = createIsbotFromList([...maintainedBotList, ...NETWORK_BOT_PATTERNS]);

/** Longer than any browser's user agent: padding meant to slow the match down or fill the cache. */
const MAX_USER_AGENT_LENGTH = 1024;
/** Visitors share a few thousand user agents: each is matched once, and this many are remembered. */
const REMEMBERED_USER_AGENTS = 10_000;
const verdicts = new Map<string, boolean>();

export function isBot(userAgent: string | undefined): boolean {
  if (!userAgent || userAgent.length < 10 || userAgent.length > MAX_USER_AGENT_LENGTH) return true;
  let verdict = verdicts.get(userAgent);
  if (verdict === undefined) {
    verdict = matchesBot(userAgent);
    if (verdicts.size >= REMEMBERED_USER_AGENTS) verdicts.clear();
    verdicts.set(userAgent, verdict);
  }
  return verdict;
}
