import { Alert } from "@chakra-ui/react";

/** Why an admin turned something down, shown to its owner. */
export function RejectionNote({ reason }: { reason?: string | null }) {
  if (!reason) return null;
  return (
    <Alert.Root status="error" size="sm" variant="subtle">
      <Alert.Indicator />
      <Alert.Title>Rejection reason: {reason}</Alert.Title>
    </Alert.Root>
  );
}
