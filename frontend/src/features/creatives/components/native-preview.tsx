import { Box, Image, Stack, Text } from "@chakra-ui/react";
import type { NativePreviewFragment } from "../../../gql/graphql";
import { loadable } from "./creative-thumbnail";

interface NativePreviewProps {
  native: NativePreviewFragment;
  /** The picture: the creative's content URL. */
  imageUrl: string;
  /** Who the "Sponsored" label names when the creative names no brand. */
  advertiserName?: string;
}

/**
 * A native creative as the tag's default card draws it in a publisher's page, for its advertiser
 * and the reviewing admin: the Sponsored label, the picture, headline, body and call to action.
 * Pictures the app may not load (plain http) are left out rather than broken.
 */
export function NativePreview({ native, imageUrl, advertiserName = "your name" }: NativePreviewProps) {
  return (
    <Box as="figure" aria-label="Native ad preview" borderWidth="1px" borderRadius="md" p="3">
      <Text fontSize="xs" color="fg.muted" mb="2">
        Sponsored · {native.sponsor ?? advertiserName}
      </Text>
      {loadable(imageUrl) && <Image src={imageUrl} alt="" w="full" maxH="40" objectFit="cover" borderRadius="sm" referrerPolicy="no-referrer" loading="lazy" />}
      <Stack gap="1" mt="2">
        <Text fontWeight="semibold">{native.headline}</Text>
        <Text fontSize="sm">{native.body}</Text>
        {native.price != null && native.currency && <Text fontWeight="bold">{new Intl.NumberFormat("en-US", { style: "currency", currency: native.currency }).format(native.price)}</Text>}
        {native.rating != null && <Text fontSize="sm">★ {native.rating}</Text>}
        <Box>
          {native.logoUrl && loadable(native.logoUrl) && <Image src={native.logoUrl} alt="" boxSize="5" display="inline-block" mr="2" verticalAlign="middle" referrerPolicy="no-referrer" />}
          <Text as="span" fontSize="sm" fontWeight="semibold" borderWidth="1px" borderColor="currentColor" borderRadius="sm" px="2" py="0.5">
            {native.callToAction}
          </Text>
        </Box>
      </Stack>
    </Box>
  );
}
