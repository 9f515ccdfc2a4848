import type { AdZone } from "./ad-zone.entity";

/**
 * The snippet a publisher pastes into a page: the network script, loaded once however many
 * zones a page holds, and a placeholder element sized to the zone that the script fills.
 */
export function adTag(zone: AdZone, origin: string): string {
  return [
    `<script async src="${origin}/ads.js"></script>`,
    `<ins class="adnet-zone" data-zone-id="${zone.id}" data-width="${zone.width}" data-height="${zone.height}"` +
      ` style="display:inline-block;width:${zone.width}px;height:${zone.height}px"></ins>`,
  ].join("\n");
}
