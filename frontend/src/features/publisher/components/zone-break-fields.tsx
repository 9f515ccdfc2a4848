import { Input, SimpleGrid } from "@chakra-ui/react";
import { declaredError, type DeclaredField } from "../../../components/form/declared-fields";
import { FormField } from "../../../components/form/form-field";
import type { FieldErrors } from "../../../components/form/validation";
import type { FormBoundsFragment } from "../../../gql/graphql";

/** A video zone's ad breaks: how many ads a break holds, how long it plays, and where the mid-rolls fall. */
export interface ZoneBreakValues {
  podSize: string;
  breakSeconds: string;
  /** Seconds into the video, as typed: "300, 600". */
  midrollOffsets: string;
}

type BreakField = keyof ZoneBreakValues;

/** The server's declaration of a break field (its label and limits, from formOptions.zoneFields). */
const declarationOf = (options: FormBoundsFragment, name: BreakField): DeclaredField => options.zoneFields.find((field) => field.name === name)!;

/** Typed offsets as the list the server takes; anything that is not a number is kept for the server to name. */
const offsetsOf = (typed: string): number[] =>
  typed
    .split(",")
    .map((part) => part.trim())
    .filter((part) => part !== "")
    .map(Number);

/** What is wrong with the typed breaks, by the server's limits; the server checks it all again. */
export function breakErrors(options: FormBoundsFragment, format: string, values: ZoneBreakValues): FieldErrors<ZoneBreakValues> {
  if (format !== "video") return {};
  const offsets = offsetsOf(values.midrollOffsets);
  const most = declarationOf(options, "midrollOffsets").max;
  const offsetsError = offsets.some((offset) => !Number.isInteger(offset) || offset < 1)
    ? "Mid-roll offsets must be whole seconds into the video, such as 300, 600"
    : offsets.some((offset, index) => index > 0 && offset <= offsets[index - 1])
      ? "Mid-roll offsets must rise, each later than the one before"
      : most != null && offsets.length > most
        ? `Mid-roll offsets can be at most ${most}`
        : undefined;
  return {
    podSize: declaredError(declarationOf(options, "podSize"), values.podSize),
    breakSeconds: declaredError(declarationOf(options, "breakSeconds"), values.breakSeconds),
    midrollOffsets: offsetsError,
  };
}

/** The values as the server takes them: a zone that is not a video zone has no mid-rolls and keeps its pod settings. */
export const breakInput = (format: string, values: ZoneBreakValues) =>
  format === "video"
    ? { podSize: Number(values.podSize), breakSeconds: Number(values.breakSeconds), midrollOffsets: offsetsOf(values.midrollOffsets) }
    : { midrollOffsets: [] };

interface ZoneBreakFieldsProps {
  options: FormBoundsFragment;
  format: string;
  values: ZoneBreakValues;
  errors: FieldErrors<ZoneBreakValues>;
  change: (field: BreakField, value: string) => void;
}

/** Only a video zone has breaks: the pre-roll and post-roll always, the mid-rolls where the publisher puts them. */
export function ZoneBreakFields({ options, format, values, errors, change }: ZoneBreakFieldsProps) {
  if (format !== "video") return null;
  const integer = (name: "podSize" | "breakSeconds", helperText: string) => {
    const field = declarationOf(options, name);
    return (
      <FormField label={field.label} error={errors[name]} helperText={helperText}>
        <Input type="number" min={field.min ?? undefined} max={field.max ?? undefined} step={1} value={values[name]} onChange={(e) => change(name, e.target.value)} />
      </FormField>
    );
  };
  const pod = declarationOf(options, "podSize");
  const length = declarationOf(options, "breakSeconds");
  const offsets = declarationOf(options, "midrollOffsets");
  return (
    <>
      <SimpleGrid columns={2} gap="4">
        {integer("podSize", `Most ads one after another in a break, ${pod.min} to ${pod.max}; never two of one advertiser or category.`)}
        {integer("breakSeconds", `The longest a break plays, its ads together, ${length.min} to ${length.max} seconds.`)}
      </SimpleGrid>
      <FormField
        label={offsets.label}
        error={errors.midrollOffsets}
        helperText={`Seconds into your videos where a mid-roll break plays, rising, up to ${offsets.max}; breaks past a video's end are left out. Empty: only the pre-roll and post-roll.`}
      >
        <Input inputMode="numeric" placeholder="300, 600" value={values.midrollOffsets} onChange={(e) => change("midrollOffsets", e.target.value)} />
      </FormField>
    </>
  );
}
