import { Badge, Button, Card, Heading, HStack, SimpleGrid, Stack, Table, Text } from "@chakra-ui/react";
import { useQuery } from "@apollo/client/react";
import type { ReactNode } from "react";
import { Link as RouterLink, useParams } from "react-router";
import { DashboardLayout } from "../../dashboard/components/dashboard-layout";
import { DataTable } from "../../../components/data-table";
import { EmptyPanel } from "../../../components/empty-panel";
import { formatDate, formatMoney } from "../../../components/format";
import { loadStateOf } from "../../../components/query-panel";
import { StatusBadge } from "../../../components/ui/status-badge";
import { AdminUserPageDocument } from "../../../gql/graphql";
import { AccountActions } from "../components/account-actions";
import { AccountStatusBadge } from "../components/account-status";
import { AuditEntriesTable } from "../components/audit-entries";

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card.Root as="section" aria-label={title}>
      <Card.Header>
        <Heading size="md">{title}</Heading>
      </Card.Header>
      <Card.Body>{children}</Card.Body>
    </Card.Root>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap="0">
      <Text fontSize="xs" color="fg.muted">
        {label}
      </Text>
      <Text as="div">{children}</Text>
    </Stack>
  );
}

/** One account in User Management: who they are, what they own, their money and what was done to or by them. */
export function AdminUserPage() {
  const id = Number(useParams().id);
  const query = useQuery(AdminUserPageDocument, { variables: { id }, skip: !Number.isInteger(id) || id < 1 });
  const user = query.data?.managedUser;

  return (
    <DashboardLayout title={user ? user.fullName : "User"} subtitle="User Management" {...loadStateOf(query)} failureMessage="Failed to load the user">
      <Button asChild variant="outline" size="sm" alignSelf="flex-start">
        <RouterLink to="/admin/users">Back to User Management</RouterLink>
      </Button>
      {user && (
        <Stack gap="6">
          <Section title="Account">
            <Stack gap="4">
              <SimpleGrid columns={{ base: 2, md: 4 }} gap="4">
                <Fact label="E-mail">{user.email}</Fact>
                <Fact label="Role">{user.role.toLowerCase()}</Fact>
                <Fact label="Status">
                  <AccountStatusBadge status={user.status} />
                </Fact>
                <Fact label="Identity">
                  {user.identityVerified ? <Badge colorPalette="green">verified {user.identityVerifiedAt ? formatDate(user.identityVerifiedAt) : ""}</Badge> : <Badge>unverified</Badge>}
                </Fact>
                <Fact label="Two-factor sign-in">{user.twoFactorEnabled ? "On" : "Off"}</Fact>
                <Fact label="Joined">{formatDate(user.createdAt)}</Fact>
                <Fact label="Last sign-in">{user.lastLoginAt ? formatDate(user.lastLoginAt) : "Never"}</Fact>
                {user.publisherBalance && <Fact label="Available balance">{formatMoney(user.publisherBalance.available)}</Fact>}
                {user.advertiserBalance !== null && user.advertiserBalance !== undefined && <Fact label="Balance">{formatMoney(user.advertiserBalance)}</Fact>}
              </SimpleGrid>
              {user.status === "SUSPENDED" && user.suspensionReason && <Text color="red.fg">Suspended: {user.suspensionReason}</Text>}
              <AccountActions user={user} />
            </Stack>
          </Section>

          {user.role === "PUBLISHER" && (
            <>
              <Section title="Sites">
                {user.sites.length === 0 ? (
                  <Text color="fg.muted">No sites.</Text>
                ) : (
                  <DataTable label="Sites" columns={["Name", "Domain", "Status"]}>
                    {user.sites.map((site) => (
                      <Table.Row key={site.id}>
                        <Table.Cell>{site.name}</Table.Cell>
                        <Table.Cell>{site.domain}</Table.Cell>
                        <Table.Cell>
                          <StatusBadge status={site.status} />
                        </Table.Cell>
                      </Table.Row>
                    ))}
                  </DataTable>
                )}
              </Section>
              <Section title="Zones">
                {user.zones.length === 0 ? (
                  <Text color="fg.muted">No zones.</Text>
                ) : (
                  <DataTable label="Zones" columns={["Name", "Site", "Size"]}>
                    {user.zones.map((zone) => (
                      <Table.Row key={zone.id}>
                        <Table.Cell>{zone.name}</Table.Cell>
                        <Table.Cell>{zone.siteName}</Table.Cell>
                        <Table.Cell>{`${zone.width}×${zone.height}`}</Table.Cell>
                      </Table.Row>
                    ))}
                  </DataTable>
                )}
              </Section>
              <Section title="Payouts">
                {user.publisherBalance && (
                  <HStack gap="6" mb="3">
                    <Fact label="Earned">{formatMoney(user.publisherBalance.earned)}</Fact>
                    <Fact label="Paid">{formatMoney(user.publisherBalance.paid)}</Fact>
                  </HStack>
                )}
                {user.payouts.length === 0 ? (
                  <Text color="fg.muted">No payouts.</Text>
                ) : (
                  <DataTable label="Payouts" columns={["Requested", "Amount", "Status", "Paid"]}>
                    {user.payouts.map((payout) => (
                      <Table.Row key={payout.id}>
                        <Table.Cell>{formatDate(payout.createdAt)}</Table.Cell>
                        <Table.Cell>{formatMoney(payout.amount)}</Table.Cell>
                        <Table.Cell>
                          <StatusBadge status={payout.status} />
                        </Table.Cell>
                        <Table.Cell>{payout.paidAt ? formatDate(payout.paidAt) : "—"}</Table.Cell>
                      </Table.Row>
                    ))}
                  </DataTable>
                )}
              </Section>
            </>
          )}

          {user.role === "ADVERTISER" && (
            <Section title="Campaigns">
              {user.campaigns.length === 0 ? (
                <Text color="fg.muted">No campaigns.</Text>
              ) : (
                <DataTable label="Campaigns" columns={["Name", "Status", "Budget", "Spent"]}>
                  {user.campaigns.map((campaign) => (
                    <Table.Row key={campaign.id}>
                      <Table.Cell>{campaign.name}</Table.Cell>
                      <Table.Cell>
                        <StatusBadge status={campaign.status} />
                      </Table.Cell>
                      <Table.Cell>{formatMoney(campaign.budget)}</Table.Cell>
                      <Table.Cell>{formatMoney(campaign.spend)}</Table.Cell>
                    </Table.Row>
                  ))}
                </DataTable>
              )}
            </Section>
          )}

          <Section title="Audit trail">
            {user.auditTrail.length === 0 ? (
              <EmptyPanel title="Nothing recorded" description="Admin actions on this account and its security events appear here." />
            ) : (
              <AuditEntriesTable entries={user.auditTrail} label="Audit trail" />
            )}
          </Section>
        </Stack>
      )}
    </DashboardLayout>
  );
}
