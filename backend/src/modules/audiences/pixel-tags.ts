/**
 * The audience pixel's tags as the advertiser copies them: one script, loaded without blocking the
 * page, that reads the page's consent platform and calls /t/audience (public/ads/audience.js).
 */
export function audiencePixelTags(advertiserId: number, origin: string): { tag: string; conversionTag: string; optOutUrl: string } {
  const script = (extra: string) => `<script async src="${origin}/ads/audience.js" data-advertiser="${advertiserId}"${extra}></script>`;
  return { tag: script(""), conversionTag: script(' data-event="conversion"'), optOutUrl: `${origin}/audiences/opt-out` };
}
