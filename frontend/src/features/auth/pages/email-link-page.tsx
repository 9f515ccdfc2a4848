import { Container, Heading, Stack, Text } from "@chakra-ui/react";
import type { ReactNode } from "react";
import { PageMeta } from "../../../components/page-meta";
import { StaticPageLayout } from "../../../components/static-page-layout";

/** The frame of the pages a link in an e-mail opens. */
export function EmailLinkPage({ title, intro, children }: { title: string; intro?: string; children: ReactNode }) {
  return (
    <StaticPageLayout>
      <PageMeta title={title} />
      {/* A link's token is in the address: keep the page out of search results and referrers. */}
      <meta name="robots" content="noindex" />
      <meta name="referrer" content="no-referrer" />
      <Container maxW="md" py="12">
        <Stack gap="6">
          <Stack gap="2">
            <Heading as="h1" size="2xl">
              {title}
            </Heading>
            {intro && <Text color="fg.muted">{intro}</Text>}
          </Stack>
          {children}
        </Stack>
      </Container>
    </StaticPageLayout>
  );
}
