import type { AdZone } from "./ad-zone.entity";

/**
 * The snippet a publisher pastes into a page: the network script, loaded once however many
 * zones a page holds, and a placeholder element sized to the zone that the script fills.
 */
function adTag(zone: AdZone, origin: string): string {
  return [
    `<script async src="${origin}/ads.js"></script>`,
    `<ins class="adnet-zone" data-zone-id="${zone.id}" data-width="${zone.width}" data-height="${zone.height}"` +
      ` style="display:inline-block;width:${zone.width}px;height:${zone.height}px"></ins>`,
  ].join("\n");
}

/** What a video player loads (VAST 4.2): only a video zone has one. */
function vastUrl(zone: AdZone, origin: string): string | null {
  return zone.format === "video" ? `${origin}/vast?zone=${zone.id}` : null;
}

/**
 * What a player loads for a whole programme (VMAP 1.0): its pre-roll, the zone's mid-rolls and its
 * post-roll; the player puts the programme's length in seconds for DURATION.
 */
function vmapUrl(zone: AdZone, origin: string): string | null {
  return zone.format === "video" ? `${origin}/vmap?zone=${zone.id}&duration=DURATION` : null;
}

/** What a publisher puts in their pages for a zone: the tag, and a video zone's VAST and VMAP URLs. */
export function zoneTags(zone: AdZone, origin: string): { adTag: string; vastUrl: string | null; vmapUrl: string | null } {
  return { adTag: adTag(zone, origin), vastUrl: vastUrl(zone, origin), vmapUrl: vmapUrl(zone, origin) };
}
