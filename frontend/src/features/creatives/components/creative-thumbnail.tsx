import { Center, Image, Stack, Text } from "@chakra-ui/react";
import { useState } from "react";
import type { IconComponent } from "../../../components/icons";
import { BookIcon, VideoIcon } from "../../../components/icons";

/**
 * Images the app may load: its own (the demo creatives) and any https address, as the app's
 * Content-Security-Policy (`img-src 'self' data: https:`) allows; a plain-http image would be
 * mixed content on the https app.
 */
export function loadable(url: string) {
  try {
    const parsed = new URL(url, window.location.origin);
    return parsed.origin === window.location.origin || parsed.protocol === "https:";
  } catch {
    return false;
  }
}

const FALLBACKS: Record<string, { label: string; icon?: IconComponent }> = {
  image: { label: "Image" },
  video: { label: "Video", icon: VideoIcon },
  html: { label: "HTML", icon: BookIcon },
};

const FRAME = { h: "32", bg: "bg.muted", borderRadius: "md", overflow: "hidden" } as const;

/**
 * What a creative looks like, at a glance: the picture itself for an image, a labelled icon for a
 * video or an HTML creative, which the app does not play or run. The advertiser's server never
 * learns which app page asked (no referrer).
 */
export function CreativeThumbnail({ type, contentUrl }: { type: string; contentUrl: string }) {
  const [failed, setFailed] = useState(false);
  if (type === "image" && !failed && loadable(contentUrl)) {
    return (
      <Center {...FRAME}>
        <Image src={contentUrl} alt="Preview" maxH="full" maxW="full" objectFit="contain" loading="lazy" referrerPolicy="no-referrer" onError={() => setFailed(true)} />
      </Center>
    );
  }
  const { label, icon: Icon } = FALLBACKS[type] ?? { label: type };
  return (
    <Center {...FRAME} color="fg.muted">
      <Stack align="center" gap="1">
        {Icon && <Icon boxSize="6" />}
        <Text fontSize="sm">{failed ? "Image not available" : `${label} creative`}</Text>
      </Stack>
    </Center>
  );
}
