import { Card, Center, Heading, Text } from "@chakra-ui/react";
import type { IconComponent } from "./icons";

interface IconCardProps {
  icon: IconComponent;
  title: string;
  text: string;
}

export function IconCard({ icon: CardIcon, title, text }: IconCardProps) {
  return (
    <Card.Root variant="outline" h="full">
      <Card.Body gap="3">
        <Center boxSize="12" rounded="lg" bg="brand.subtle" color="brand.fg">
          <CardIcon boxSize="6" />
        </Center>
        <Heading as="h3" size="md">
          {title}
        </Heading>
        <Text color="fg.muted">{text}</Text>
      </Card.Body>
    </Card.Root>
  );
}
