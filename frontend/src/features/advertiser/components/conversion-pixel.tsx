import { CopySnippet } from "../../../components/copy-snippet";
import { RevealButton } from "../../../components/reveal-button";

/** The tag for the advertiser's confirmation page; it is invisible so it does not change their layout. */
const pixelTag = (url: string) => `<img src="${url}" width="1" height="1" alt="" style="display:none">`;

/**
 * A campaign's conversion pixel behind a button: it is set up once per campaign, so six campaigns
 * need not make six snippets of page to scroll past.
 */
export function ConversionPixel({ campaignName, url }: { campaignName: string; url: string }) {
  return (
    <RevealButton showLabel="Show conversion pixel" hideLabel="Hide conversion pixel">
      {() => <CopySnippet label="Conversion pixel" snippet={pixelTag(url)} copyLabel={`Copy conversion pixel for ${campaignName}`} />}
    </RevealButton>
  );
}
