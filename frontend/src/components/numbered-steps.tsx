import { Circle, Heading, SimpleGrid, Stack, Text, type SimpleGridProps } from "@chakra-ui/react";

interface NumberedStepsProps {
  steps: readonly { title: string; text: string }[];
  columns: SimpleGridProps["columns"];
  gap: SimpleGridProps["gap"];
  /** "lg" for a page's main steps (the landing page's), "md" for steps among other sections. */
  size: "md" | "lg";
}

/** How to get going, as an ordered list of numbered steps, each with its title and a sentence. */
export function NumberedSteps({ steps, columns, gap, size }: NumberedStepsProps) {
  return (
    <SimpleGrid as="ol" columns={columns} gap={gap} listStyleType="none">
      {steps.map((step, index) => (
        <Stack as="li" key={step.title} align="center" textAlign="center" gap="3">
          <Circle size={size === "lg" ? "14" : "12"} bg="brand.solid" color="brand.contrast" fontSize={size === "lg" ? "xl" : undefined} fontWeight="bold" aria-hidden>
            {index + 1}
          </Circle>
          <Heading as="h3" size={size}>
            {step.title}
          </Heading>
          <Text color="fg.muted">{step.text}</Text>
        </Stack>
      ))}
    </SimpleGrid>
  );
}
