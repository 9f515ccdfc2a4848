import { AspectRatio, Button, Center, Stack, Text } from "@chakra-ui/react";
import { PlayIcon } from "../../../../components/icons";
import { AppDialog } from "../../../../components/ui/app-dialog";

interface VideoDemoDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

export function VideoDemoDialog({ open, onOpenChange }: VideoDemoDialogProps) {
  return (
    <AppDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Premium Traffic Inventory Overview"
      description="A tour of our regions, traffic quality tiers and CPM rates."
      size="lg"
      footer={
        <Button colorPalette="brand" onClick={() => onOpenChange(false)}>
          Explore Inventory
        </Button>
      }
    >
      <AspectRatio ratio={16 / 9}>
        <Center bgGradient="to-br" gradientFrom="brand.700" gradientTo="brand.950" color="white" rounded="lg">
          <Stack align="center" gap="3" p="4" textAlign="center">
            <PlayIcon boxSize="12" />
            <Text fontWeight="semibold">10.8B+ monthly impressions across 180+ countries</Text>
            <Text fontSize="sm" color="brand.100">
              North America, Europe and Asia Pacific, from Premium to Volume traffic.
            </Text>
          </Stack>
        </Center>
      </AspectRatio>
    </AppDialog>
  );
}
