import { Box, Center, Image, Stack, Text } from "@chakra-ui/react";
import { useState } from "react";
import type { IconComponent } from "../../../components/icons";
import { BookIcon, VideoIcon } from "../../../components/icons";
import { formatDuration } from "../../../components/format";

/**
 * Files the app may load: its own (uploaded and demo creatives) and any https address, as the app's
 * Content-Security-Policy allows for images, videos and frames (`'self' https:`); a plain-http one
 * would be mixed content on the https app.
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

const FRAME = { h: "32", bg: "bg.muted", borderRadius: "md", overflow: "hidden", position: "relative" } as const;

interface CreativeThumbnailProps {
  type: string;
  contentUrl: string;
  width: number;
  height: number;
  durationSeconds?: number | null;
}

/**
 * What a creative looks like, at a glance: the picture for an image, the first frame for a video
 * (never played here) with its length, the page itself for an HTML creative in a frame that runs
 * none of its scripts. Nothing is asked with a referrer, so the advertiser's server never learns
 * which app page looked. What cannot be shown says so in words.
 */
export function CreativeThumbnail({ type, contentUrl, width, height, durationSeconds }: CreativeThumbnailProps) {
  const [failed, setFailed] = useState(false);
  const shown = !failed && loadable(contentUrl);
  if (type === "image" && shown) {
    return (
      <Center {...FRAME}>
        <Image src={contentUrl} alt="Preview" maxH="full" maxW="full" objectFit="contain" loading="lazy" referrerPolicy="no-referrer" onError={() => setFailed(true)} />
      </Center>
    );
  }
  if (type === "video" && shown) {
    return (
      <Center {...FRAME} bg="black">
        {/* preload="metadata" draws the first frame as the poster without fetching the whole video. */}
        <video src={`${contentUrl}#t=0.1`} aria-label="Video preview" preload="metadata" muted playsInline style={{ maxHeight: "100%", maxWidth: "100%" }} onError={() => setFailed(true)} />
        {durationSeconds != null && <DurationBadge seconds={durationSeconds} />}
      </Center>
    );
  }
  if (type === "html" && shown) {
    // Drawn at its own size and scaled into the frame; `sandbox` with no permissions runs no script, submits no form and opens nothing.
    const scale = Math.min(1, 128 / height);
    return (
      <Center {...FRAME}>
        <Box w={`${width * scale}px`} h={`${height * scale}px`} overflow="hidden">
          <iframe
            src={contentUrl}
            title="HTML preview"
            sandbox=""
            referrerPolicy="no-referrer"
            loading="lazy"
            width={width}
            height={height}
            style={{ border: 0, transform: `scale(${scale})`, transformOrigin: "0 0", pointerEvents: "none" }}
          />
        </Box>
      </Center>
    );
  }
  const { label, icon: Icon } = FALLBACKS[type] ?? { label: type };
  return (
    <Center {...FRAME} color="fg.muted">
      <Stack align="center" gap="1">
        {Icon && <Icon boxSize="6" />}
        <Text fontSize="sm">{failed ? `${label} not available` : `${label} creative`}</Text>
      </Stack>
      {type === "video" && durationSeconds != null && <DurationBadge seconds={durationSeconds} />}
    </Center>
  );
}

function DurationBadge({ seconds }: { seconds: number }) {
  return (
    <Text position="absolute" bottom="1" right="1" px="1.5" borderRadius="sm" bg="blackAlpha.700" color="white" fontSize="xs" aria-label={`Duration ${formatDuration(seconds)}`}>
      {formatDuration(seconds)}
    </Text>
  );
}
