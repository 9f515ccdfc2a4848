import { Badge } from "@chakra-ui/react";
import { qualityPalette } from "../../data/regions";

export function QualityBadge({ quality }: { quality: string }) {
  return (
    <Badge colorPalette={qualityPalette(quality)} variant="subtle">
      {quality}
    </Badge>
  );
}
