import { Badge } from "@chakra-ui/react";

const statusPalettes: Record<string, string> = {
  pending: "yellow",
  approved: "green",
  active: "green",
  rejected: "red",
  paused: "gray",
  completed: "blue",
  requested: "yellow",
  paid: "green",
  suspended: "red",
  received: "green",
  cancelled: "gray",
};

/** Badge palette for a site, campaign, creative, payout or deposit status; unknown ones look pending. */
export const statusPalette = (status: string) => statusPalettes[status.toLowerCase()] ?? "yellow";

export function StatusBadge({ status }: { status: string }) {
  return (
    <Badge colorPalette={statusPalette(status)} variant="subtle" textTransform="capitalize">
      {status.toLowerCase()}
    </Badge>
  );
}
