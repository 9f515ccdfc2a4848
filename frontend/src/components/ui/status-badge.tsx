import { Badge } from "@chakra-ui/react";
import { statusPalette } from "../../app/theme";

export function StatusBadge({ status }: { status: string }) {
  return (
    <Badge colorPalette={statusPalette(status)} variant="subtle" textTransform="capitalize">
      {status.toLowerCase()}
    </Badge>
  );
}
