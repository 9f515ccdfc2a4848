import { Card, Heading, Text } from "@chakra-ui/react";

interface IconCardProps {
  icon: string;
  title: string;
  text: string;
}

export function IconCard({ icon, title, text }: IconCardProps) {
  return (
    <Card.Root variant="outline" h="full">
      <Card.Body gap="3">
        <Text fontSize="3xl" aria-hidden>
          {icon}
        </Text>
        <Heading as="h3" size="md">
          {title}
        </Heading>
        <Text color="fg.muted">{text}</Text>
      </Card.Body>
    </Card.Root>
  );
}
