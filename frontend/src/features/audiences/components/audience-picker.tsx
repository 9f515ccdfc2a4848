import { Checkbox, Fieldset, SimpleGrid, Text } from "@chakra-ui/react";
import { useQuery } from "@apollo/client/react";
import { AudienceChoicesDocument, type AudienceTargetingInput } from "../../../gql/graphql";

interface AudiencePickerProps {
  value: AudienceTargetingInput;
  onChange: (value: AudienceTargetingInput) => void;
  error?: string;
}

const SIDES = [
  { side: "include", legend: "Show only to members of", help: "Retargeting: only visitors in one of the ticked audiences see the campaign. None ticked: everyone." },
  { side: "exclude", legend: "Never show to members of", help: "For example your buyers, so they are not shown what they already bought." },
] as const;

/**
 * The campaign's audiences: the advertiser's own, as the server lists them (myAudiences). An audience
 * ticked on one side cannot be ticked on the other: such a rule could never match.
 */
export function AudiencePicker({ value, onChange, error }: AudiencePickerProps) {
  const { data, error: loadError } = useQuery(AudienceChoicesDocument);
  if (loadError) return <Text color="fg.error">Your audiences could not be loaded.</Text>;
  const audiences = data?.myAudiences ?? [];
  if (data && audiences.length === 0) return <Text color="fg.muted">Audiences: none yet. Create one in the Audiences tab to retarget your site's visitors.</Text>;
  return (
    <Fieldset.Root invalid={Boolean(error)}>
      <Fieldset.Legend>Audiences</Fieldset.Legend>
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
        {SIDES.map(({ side, legend, help }) => {
          const other = side === "include" ? value.exclude : value.include;
          return (
            <Fieldset.Root key={side}>
              <Fieldset.Legend fontSize="sm">{legend}</Fieldset.Legend>
              <Fieldset.HelperText>{help}</Fieldset.HelperText>
              {audiences.map((audience) => (
                <Checkbox.Root
                  key={audience.id}
                  size="sm"
                  disabled={other.includes(audience.id)}
                  checked={value[side].includes(audience.id)}
                  onCheckedChange={(e) => onChange({ ...value, [side]: e.checked === true ? [...value[side], audience.id] : value[side].filter((id) => id !== audience.id) })}
                >
                  <Checkbox.HiddenInput />
                  <Checkbox.Control />
                  <Checkbox.Label>{audience.name}</Checkbox.Label>
                </Checkbox.Root>
              ))}
            </Fieldset.Root>
          );
        })}
      </SimpleGrid>
      <Fieldset.ErrorText>{error}</Fieldset.ErrorText>
    </Fieldset.Root>
  );
}
