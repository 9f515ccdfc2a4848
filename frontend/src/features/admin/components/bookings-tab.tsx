import { Alert, Badge, Button, Card, Checkbox, Input, SimpleGrid, Stack, Table, Text } from "@chakra-ui/react";
import { useMutation, useQuery } from "@apollo/client/react";
import { useState } from "react";
import { DataTable } from "../../../components/data-table";
import { FormField } from "../../../components/form/form-field";
import { SelectInput } from "../../../components/form/select-input";
import { formatCount } from "../../../components/format";
import { loadStateOf, QueryPanel } from "../../../components/query-panel";
import { newIdempotencyKey } from "../../../lib/idempotency-key";
import { withFeedback } from "../../../lib/mutation-feedback";
import { useDebounced } from "../../../lib/use-debounced";
import {
  AvailabilityDocument,
  BookCampaignDocument,
  BookMakeGoodDocument,
  type AvailabilityQuery,
  type DeliveryTier,
  UnderDeliveredCampaignsDocument,
  type UnderDeliveredCampaignsQuery,
} from "../../../gql/graphql";

/** How long the typing must pause before availability is asked again. */
const AVAILABILITY_DEBOUNCE_MS = 400;

const BOOKED_TIERS: { value: DeliveryTier; label: string }[] = [
  { value: "GUARANTEED", label: "Guaranteed (an impressions goal)" },
  { value: "SPONSORSHIP", label: "Sponsorship (a share of requests)" },
];

const list = (text: string) =>
  text
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);

/** Insertion orders: book a guaranteed or sponsorship campaign against its availability, and the guaranteed campaigns behind pace. */
export function BookingsTab() {
  return (
    <Stack gap="4">
      <BookCampaignForm />
      <UnderDeliveryPanel />
    </Stack>
  );
}

const fresh = () => ({ advertiserEmail: "", name: "", tier: "GUARANTEED" as DeliveryTier, goal: "", share: "", cpm: "", budget: "", startDate: "", endDate: "", sites: "", countries: "" });

function BookCampaignForm() {
  const [values, setValues] = useState(fresh);
  const [override, setOverride] = useState(false);
  const [key, setKey] = useState(newIdempotencyKey);
  const change = (field: keyof ReturnType<typeof fresh>, value: string) => setValues((current) => ({ ...current, [field]: value }));
  const targeting = list(values.sites).length ? { sites: { mode: "INCLUDE" as const, values: list(values.sites) } } : undefined;
  const asked = useDebounced({ targetCountries: list(values.countries), targeting, startDate: values.startDate || undefined, endDate: values.endDate }, AVAILABILITY_DEBOUNCE_MS);
  const availability = useQuery(AvailabilityDocument, { variables: { input: asked }, skip: !asked.endDate });
  const available = availability.data?.availability;
  const guaranteed = values.tier === "GUARANTEED";
  const needed = guaranteed ? Number(values.goal) : available ? (Number(values.share) / 100) * available.forecastImpressions : 0;
  const over = available !== undefined && needed > available.availableImpressions;
  const [book, booking] = useMutation(BookCampaignDocument, { refetchQueries: [AvailabilityDocument] });

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const campaign = {
      name: values.name.trim(),
      deliveryTier: values.tier,
      pricingModel: "CPM" as const,
      bid: Number(values.cpm),
      budget: Number(values.budget),
      startDate: values.startDate || undefined,
      endDate: values.endDate,
      targetCountries: list(values.countries),
      targeting,
      ...(guaranteed ? { goalAmount: Number(values.goal) } : { sharePercent: Number(values.share) }),
    };
    const outcome = await withFeedback(() => book({ variables: { input: { advertiserEmail: values.advertiserEmail.trim(), campaign, overrideAvailability: override }, idempotencyKey: key } }), {
      success: (result) => `Booked ${result.data?.bookCampaign.campaign.name ?? "the campaign"}${result.data?.bookCampaign.overridden ? " over its availability" : ""}`,
      failure: "Failed to book the campaign",
    });
    if (!outcome.ok) return;
    setValues(fresh());
    setOverride(false);
    setKey(newIdempotencyKey());
  };

  return (
    <Card.Root>
      <Card.Header>
        <Card.Title>Book a campaign</Card.Title>
        <Card.Description>An insertion order for an advertiser: availability follows the targeting and dates as you type.</Card.Description>
      </Card.Header>
      <Card.Body>
        <form onSubmit={submit} aria-label="Book a campaign">
          <Stack gap="3">
            <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
              <FormField label="Advertiser e-mail" required>
                <Input type="email" value={values.advertiserEmail} onChange={(e) => change("advertiserEmail", e.target.value)} />
              </FormField>
              <FormField label="Campaign name" required>
                <Input value={values.name} onChange={(e) => change("name", e.target.value)} />
              </FormField>
              <FormField label="Priority" required>
                <SelectInput value={values.tier} onChange={(tier) => change("tier", tier)} options={BOOKED_TIERS} />
              </FormField>
              {guaranteed ? (
                <FormField label="Goal (impressions)" required>
                  <Input type="number" min={1} value={values.goal} onChange={(e) => change("goal", e.target.value)} />
                </FormField>
              ) : (
                <FormField label="Share of requests (%)" required>
                  <Input type="number" min={1} max={100} value={values.share} onChange={(e) => change("share", e.target.value)} />
                </FormField>
              )}
              <FormField label="CPM ($)" required>
                <Input type="number" step="0.01" min={0} value={values.cpm} onChange={(e) => change("cpm", e.target.value)} />
              </FormField>
              <FormField label="Budget ($)" required>
                <Input type="number" step="0.01" min={0} value={values.budget} onChange={(e) => change("budget", e.target.value)} />
              </FormField>
              <FormField label="Start date">
                <Input type="date" value={values.startDate} onChange={(e) => change("startDate", e.target.value)} />
              </FormField>
              <FormField label="End date" required>
                <Input type="date" value={values.endDate} onChange={(e) => change("endDate", e.target.value)} />
              </FormField>
              <FormField label="Sites (domains, comma-separated)" helperText="Empty books the whole network.">
                <Input value={values.sites} onChange={(e) => change("sites", e.target.value)} />
              </FormField>
              <FormField label="Countries (codes, comma-separated)" helperText="Empty books every country.">
                <Input value={values.countries} onChange={(e) => change("countries", e.target.value)} />
              </FormField>
            </SimpleGrid>
            <AvailabilityPanel state={loadStateOf(availability)} figures={available} asked={Boolean(asked.endDate)} />
            {over && (
              <Alert.Root status="warning">
                <Alert.Indicator />
                <Alert.Content>
                  <Alert.Title>This booking needs {formatCount(Math.round(needed))} impressions, more than are available.</Alert.Title>
                  <Alert.Description>Booked over availability, it may under-deliver or take from the campaigns booked before it; it is flagged in its history.</Alert.Description>
                </Alert.Content>
              </Alert.Root>
            )}
            <Checkbox.Root checked={override} onCheckedChange={(e) => setOverride(e.checked === true)}>
              <Checkbox.HiddenInput />
              <Checkbox.Control />
              <Checkbox.Label>Book over availability</Checkbox.Label>
            </Checkbox.Root>
            <Button type="submit" colorPalette="brand" loading={booking.loading} alignSelf="start">
              Book campaign
            </Button>
          </Stack>
        </form>
      </Card.Body>
    </Card.Root>
  );
}

function AvailabilityPanel({ state, figures, asked }: { state: ReturnType<typeof loadStateOf>; figures?: AvailabilityQuery["availability"]; asked: boolean }) {
  if (!asked) return <Text color="fg.muted">Enter an end date to see the availability.</Text>;
  return (
    <QueryPanel {...state} failureMessage="Failed to forecast the availability" loadingLabel="Forecasting availability">
      {figures && (
        <Stack gap="1" aria-label="Availability" role="region">
          <Text fontWeight="semibold">
            Available: {formatCount(figures.availableImpressions)} impressions
          </Text>
          <Text fontSize="sm" color="fg.muted">
            {figures.basis}
          </Text>
        </Stack>
      )}
    </QueryPanel>
  );
}

type Behind = UnderDeliveredCampaignsQuery["underDeliveredCampaigns"][number];

function UnderDeliveryPanel() {
  const query = useQuery(UnderDeliveredCampaignsDocument, { fetchPolicy: "cache-and-network" });
  const rows = query.data?.underDeliveredCampaigns;
  return (
    <Card.Root>
      <Card.Header>
        <Card.Title>Under-delivery</Card.Title>
        <Card.Description>Guaranteed campaigns behind pace: delivered against what their goal expects by now on the network's traffic curve, and why.</Card.Description>
      </Card.Header>
      <Card.Body>
        <QueryPanel {...loadStateOf(query)} failureMessage="Failed to load the campaigns behind pace">
          {rows &&
            (rows.length === 0 ? (
              <Text color="fg.muted">Every running guaranteed campaign is on pace.</Text>
            ) : (
              <DataTable
                label="Campaigns behind pace"
                columns={["Campaign", { label: "Delivered", numeric: true }, { label: "Expected by now", numeric: true }, { label: "Behind", numeric: true }, { label: "Goal left", numeric: true }, { label: "Days left", numeric: true }, "Why", "Make-good"]}
              >
                {rows.map((row) => (
                  <BehindRow key={row.campaignId} row={row} />
                ))}
              </DataTable>
            ))}
        </QueryPanel>
      </Card.Body>
    </Card.Root>
  );
}

function BehindRow({ row }: { row: Behind }) {
  const [extra, setExtra] = useState(String(row.goalLeft));
  const [endDate, setEndDate] = useState(row.endDate);
  const [key, setKey] = useState(newIdempotencyKey);
  const [makeGood, making] = useMutation(BookMakeGoodDocument, { refetchQueries: [UnderDeliveredCampaignsDocument] });
  const send = async () => {
    const outcome = await withFeedback(() => makeGood({ variables: { id: row.campaignId, input: { extraImpressions: Number(extra), endDate }, idempotencyKey: key } }), {
      success: `Make-good booked for ${row.name}`,
      failure: "Failed to book the make-good",
    });
    if (outcome.ok) setKey(newIdempotencyKey());
  };
  return (
    <Table.Row>
      <Table.Cell>
        {row.name} {row.overridden && <Badge colorPalette="orange">Booked over availability</Badge>}
      </Table.Cell>
      <Table.Cell textAlign="end">{formatCount(row.delivered)}</Table.Cell>
      <Table.Cell textAlign="end">{formatCount(row.expected)}</Table.Cell>
      <Table.Cell textAlign="end">{row.behindPercent}%</Table.Cell>
      <Table.Cell textAlign="end">{formatCount(row.goalLeft)}</Table.Cell>
      <Table.Cell textAlign="end">{row.daysLeft}</Table.Cell>
      <Table.Cell>{row.why}</Table.Cell>
      <Table.Cell>
        <Stack gap="1">
          <Input size="sm" type="number" min={1} aria-label={`Extra impressions for ${row.name}`} value={extra} onChange={(e) => setExtra(e.target.value)} />
          <Input size="sm" type="date" aria-label={`New end date for ${row.name}`} value={endDate} onChange={(e) => setEndDate(e.target.value)} />
          <Button size="sm" onClick={send} loading={making.loading}>
            Book make-good
          </Button>
        </Stack>
      </Table.Cell>
    </Table.Row>
  );
}
