import { Box, Button } from "@chakra-ui/react";
import { useId, useState } from "react";
import { CopySnippet } from "../../../components/copy-snippet";

/** The tag for the advertiser's confirmation page; it is invisible so it does not change their layout. */
const pixelTag = (url: string) => `<img src="${url}" width="1" height="1" alt="" style="display:none">`;

/**
 * A campaign's conversion pixel behind a button: it is set up once per campaign, so six campaigns
 * need not make six snippets of page to scroll past.
 */
export function ConversionPixel({ campaignName, url }: { campaignName: string; url: string }) {
  const [shown, setShown] = useState(false);
  const snippetId = useId();
  return (
    <Box>
      <Button size="xs" variant="outline" aria-expanded={shown} aria-controls={snippetId} onClick={() => setShown(!shown)}>
        {shown ? "Hide conversion pixel" : "Show conversion pixel"}
      </Button>
      <Box id={snippetId} hidden={!shown} mt="2">
        {shown && <CopySnippet label="Conversion pixel" snippet={pixelTag(url)} copyLabel={`Copy conversion pixel for ${campaignName}`} />}
      </Box>
    </Box>
  );
}
