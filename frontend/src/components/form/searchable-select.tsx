import { Combobox, createListCollection, HStack, Stack, Tag, Text, Wrap } from "@chakra-ui/react";
import { useMemo, useState } from "react";

/** One choice: the value sent, the words shown, and more words to find it by. */
export interface SearchableOption {
  value: string;
  label: string;
  /** A second line under the label: a site's domain and category, a zone's size. */
  detail?: string;
  /** Words it is found by besides its label and detail ("New York" for America/New_York). */
  keywords?: string;
}

const searchText = (option: SearchableOption) => `${option.label} ${option.detail ?? ""} ${option.keywords ?? ""} ${option.value}`.toLowerCase();

/** The options whose words hold every word typed, in any order. */
function matching(options: readonly SearchableOption[], query: string): SearchableOption[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  return words.length === 0 ? [...options] : options.filter((option) => words.every((word) => searchText(option).includes(word)));
}

/** The most choices the open list draws: hundreds of time zones would make every keystroke slow, and nobody scrolls them. */
const MAX_SHOWN = 50;

interface ListProps {
  label: string;
  options: readonly SearchableOption[];
  placeholder?: string;
  /** Said when nothing matches what was typed. */
  emptyText: string;
  multiple: boolean;
  value: string[];
  onValueChange: (value: string[]) => void;
  invalid?: boolean;
  /** While its choices are still on their way. */
  disabled?: boolean;
}

/**
 * A text box that narrows a list as one types, over Chakra's combobox: keyboard, screen reader
 * and focus handling come with it. Shown inline rather than in a portal, so it works inside dialogs.
 */
function SearchableList({ label, options, placeholder, emptyText, multiple, value, onValueChange, invalid, disabled }: ListProps) {
  // What is being typed, while it is; the list shows every choice otherwise.
  const [typed, setTyped] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  // Until something is typed, what is picked leads the list, so the box can always name it.
  const matches = useMemo(() => {
    if (typed !== null) return matching(options, typed);
    const picked = options.filter((option) => value.includes(option.value));
    return [...picked, ...options.filter((option) => !value.includes(option.value))];
  }, [options, typed, value]);
  const collection = useMemo(
    () => createListCollection({ items: matches.slice(0, MAX_SHOWN), itemToString: (option) => option.label, itemToValue: (option) => option.value }),
    [matches],
  );
  const chosenLabel = multiple ? "" : (options.find((option) => option.value === value[0])?.label ?? value[0] ?? "");
  return (
    <Combobox.Root
      collection={collection}
      multiple={multiple}
      closeOnSelect={!multiple}
      openOnClick
      invalid={invalid}
      disabled={disabled}
      value={value}
      defaultInputValue={chosenLabel}
      // Only typing narrows the list: picking a choice or leaving the box shows the choice again.
      onInputValueChange={(details) => setTyped(details.reason === "input-change" ? details.inputValue : null)}
      onOpenChange={(details) => {
        setOpen(details.open);
        if (!details.open) setTyped(null);
      }}
      onValueChange={(details) => {
        setTyped(null);
        onValueChange(details.value);
      }}
      lazyMount
      unmountOnExit
    >
      <Combobox.Label>{label}</Combobox.Label>
      {/* Above the box, where the open list does not cover it, and outside the list, which may hold only its choices. */}
      {open && matches.length > MAX_SHOWN && (
        <Text fontSize="xs" color="fg.muted" aria-live="polite">
          {matches.length - MAX_SHOWN} more: type more of the name to find them
        </Text>
      )}
      <Combobox.Control>
        <Combobox.Input placeholder={placeholder} />
        <Combobox.IndicatorGroup>
          <Combobox.Trigger aria-label={`Show ${label}`} />
        </Combobox.IndicatorGroup>
      </Combobox.Control>
      <Combobox.Positioner>
        <Combobox.Content maxHeight="18rem" overflowY="auto">
          <Combobox.Empty>{emptyText}</Combobox.Empty>
          {collection.items.map((option) => (
            <Combobox.Item key={option.value} item={option}>
              <Stack gap="0">
                <Combobox.ItemText>{option.label}</Combobox.ItemText>
                {option.detail && (
                  <Text fontSize="xs" color="fg.muted">
                    {option.detail}
                  </Text>
                )}
              </Stack>
              <Combobox.ItemIndicator />
            </Combobox.Item>
          ))}
        </Combobox.Content>
      </Combobox.Positioner>
    </Combobox.Root>
  );
}

interface SearchableSelectProps {
  label: string;
  options: readonly SearchableOption[];
  value: string;
  onChange: (value: string) => void;
  placeholder?: string;
  emptyText?: string;
  invalid?: boolean;
}

/** Pick one of many by typing part of its name: a time zone among hundreds. */
export function SearchableSelect({ value, onChange, emptyText = "Nothing matches", ...list }: SearchableSelectProps) {
  return <SearchableList {...list} emptyText={emptyText} multiple={false} value={value ? [value] : []} onValueChange={(next) => next[0] !== undefined && onChange(next[0])} />;
}

interface SearchableMultiSelectProps {
  label: string;
  options: readonly SearchableOption[];
  value: readonly string[];
  onChange: (value: string[]) => void;
  placeholder?: string;
  emptyText?: string;
  invalid?: boolean;
  disabled?: boolean;
}

/**
 * Pick any number of many by typing part of their names; what is picked shows below, each with a
 * button to take it out. A value no longer among the options (a site since removed) still shows,
 * under its value, so it is never dropped without the person seeing it.
 */
export function SearchableMultiSelect({ label, options, value, onChange, emptyText = "Nothing matches", ...list }: SearchableMultiSelectProps) {
  const labelOf = (picked: string) => options.find((option) => option.value === picked)?.label ?? picked;
  return (
    <Stack gap="2">
      <SearchableList {...list} label={label} options={options} emptyText={emptyText} multiple value={[...value]} onValueChange={onChange} />
      {value.length > 0 && (
        <Wrap gap="2" role="list" aria-label={`${label} picked`}>
          {value.map((picked) => (
            <Tag.Root key={picked} role="listitem" size="lg" variant="surface">
              <HStack gap="1">
                <Tag.Label>{labelOf(picked)}</Tag.Label>
                <Tag.EndElement>
                  <Tag.CloseTrigger aria-label={`Remove ${labelOf(picked)}`} onClick={() => onChange(value.filter((other) => other !== picked))} />
                </Tag.EndElement>
              </HStack>
            </Tag.Root>
          ))}
        </Wrap>
      )}
    </Stack>
  );
}
