import { Button, Fieldset, HStack, IconButton, Input, Stack } from "@chakra-ui/react";
import { FormField } from "../../../components/form/form-field";
import { CloseIcon } from "../../../components/icons";
import type { HouseItemInput } from "../../../gql/graphql";

/** One of the publisher's own articles as the form holds it: each address as typed. */
export interface HouseItemRow {
  title: string;
  url: string;
  image: string;
}

/** The rows as the server takes them: a row left wholly blank is no item; a blank picture is none. */
export const toHouseItemInputs = (rows: HouseItemRow[]): HouseItemInput[] =>
  rows.filter((row) => row.title.trim() || row.url.trim() || row.image.trim()).map((row) => ({ title: row.title.trim(), url: row.url.trim(), image: row.image.trim() || null }));

interface HouseItemsFieldsProps {
  value: HouseItemRow[];
  onChange: (value: HouseItemRow[]) => void;
  /** How many the zone may hold (formOptions.zoneFields' houseItems max). */
  max: number;
  /** The server's refusal, which names the item it is about. */
  error?: string;
}

/** The zone's own articles, shown in the recommendation box's slots paid ads leave and never counted as ads. */
export function HouseItemsFields({ value, onChange, max, error }: HouseItemsFieldsProps) {
  const update = (index: number, row: HouseItemRow) => onChange(value.map((current, i) => (i === index ? row : current)));
  return (
    <Fieldset.Root invalid={Boolean(error)}>
      <Fieldset.Legend>Your own articles</Fieldset.Legend>
      <Fieldset.HelperText>Shown, labelled as your site's, in the slots no ad fills; never counted as impressions nor paid. At most {max}.</Fieldset.HelperText>
      <Stack gap="3" mt="2">
        {value.map((row, index) => (
          <HStack key={index} gap="3" align="flex-start" role="group" aria-label={`Article ${index + 1}`}>
            <FormField label="Title">
              <Input value={row.title} onChange={(e) => update(index, { ...row, title: e.target.value })} />
            </FormField>
            <FormField label="Link">
              <Input type="url" placeholder="https://" value={row.url} onChange={(e) => update(index, { ...row, url: e.target.value })} />
            </FormField>
            <FormField label="Picture (optional)">
              <Input type="url" placeholder="https://" value={row.image} onChange={(e) => update(index, { ...row, image: e.target.value })} />
            </FormField>
            <IconButton mt="7" variant="ghost" size="sm" aria-label={`Remove article ${index + 1}`} onClick={() => onChange(value.filter((_, i) => i !== index))}>
              <CloseIcon />
            </IconButton>
          </HStack>
        ))}
        {value.length < max && (
          <Button alignSelf="start" variant="outline" size="sm" onClick={() => onChange([...value, { title: "", url: "", image: "" }])}>
            Add an article
          </Button>
        )}
      </Stack>
      <Fieldset.ErrorText>{error}</Fieldset.ErrorText>
    </Fieldset.Root>
  );
}
