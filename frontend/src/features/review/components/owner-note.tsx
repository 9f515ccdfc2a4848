import { Link, Text } from "@chakra-ui/react";

export interface Owner {
  fullName: string;
  email: string;
}

/** Who owns what an admin is looking at, and where to write to them. */
export function OwnerNote({ role, owner }: { role: "Publisher" | "Advertiser"; owner: Owner }) {
  return (
    <Text fontSize="sm">
      {role}: {owner.fullName} ·{" "}
      <Link href={`mailto:${owner.email}`} colorPalette="brand">
        {owner.email}
      </Link>
    </Text>
  );
}
