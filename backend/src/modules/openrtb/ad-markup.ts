import type { ServedAd } from "../delivery/answer/served-ad";

const escapeHtml = (text: string) => text.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/**
 * A banner's markup for the page's ad slot, drawn as the tag draws it (public/ads.js): the picture
 * with the tracked click link over it, or an HTML creative in a sandboxed frame given the tracked
 * link as its clickTag. The impression is counted by the bid's `burl`, the billing notice.
 */
export function bannerMarkup(ad: ServedAd): string {
  const size = `width:${ad.width}px;height:${ad.height}px`;
  if (ad.creative.type === "html") {
    const separator = ad.creative.url.includes("?") ? "&" : "?";
    const source = `${ad.creative.url}${separator}clickTag=${encodeURIComponent(ad.clickUrl)}`;
    return `<iframe title="Advertisement" src="${escapeHtml(source)}" width="${ad.width}" height="${ad.height}" scrolling="no" sandbox="allow-scripts allow-popups allow-popups-to-escape-sandbox" style="border:0;display:block;${size}"></iframe>`;
  }
  const picture = `<img src="${escapeHtml(ad.creative.url)}" alt="Advertisement" style="${size};border:0;display:block;object-fit:contain">`;
  if (!ad.creative.clickable) return `<div style="position:relative;${size}">${picture}</div>`;
  return `<div style="position:relative;${size}">${picture}<a href="${escapeHtml(ad.clickUrl)}" target="_blank" rel="noopener" aria-label="Advertisement" style="position:absolute;inset:0"></a></div>`;
}
