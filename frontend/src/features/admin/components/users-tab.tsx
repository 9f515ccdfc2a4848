import { Badge, Link, Table } from "@chakra-ui/react";
import { useQuery } from "@apollo/client/react";
import { useState } from "react";
import { Link as RouterLink } from "react-router";
import { SelectInput } from "../../../components/form/select-input";
import { formatDate } from "../../../components/format";
import { AdminUsersDocument, type AccountStatus, type Role } from "../../../gql/graphql";
import { AccountActions } from "./account-actions";
import { ACCOUNT_STATUS_LABELS, AccountStatusBadge } from "./account-status";
import { AdminListFrame, useAdminList } from "./admin-list";

const STATUSES = (Object.keys(ACCOUNT_STATUS_LABELS) as AccountStatus[]).map((value) => ({ value, label: ACCOUNT_STATUS_LABELS[value] }));
const ROLES: { value: Role; label: string }[] = [
  { value: "PUBLISHER", label: "Publishers" },
  { value: "ADVERTISER", label: "Advertisers" },
  { value: "ADMIN", label: "Admins" },
];

/** User Management: every account, by name or e-mail, role and status; each row's actions and a link to its page. */
export function UsersTab() {
  const list = useAdminList<AccountStatus>();
  const [role, setRole] = useState<Role | null>(null);
  const query = useQuery(AdminUsersDocument, { variables: { input: { ...list.input, status: list.status, role } } });

  return (
    <AdminListFrame
      list={list}
      noun="users"
      searchPlaceholder="Name or e-mail"
      statuses={STATUSES}
      filters={<SelectInput label="Role" placeholder="All roles" options={ROLES} value={role ?? ""} onChange={list.narrow((value: string) => setRole((value || null) as Role | null))} />}
      query={query}
      pageOf={(data) => data.users}
      empty={{ title: "No users yet", description: "Accounts appear here once people sign up." }}
      table={{ label: "Users", cardsOnPhones: true, columns: ["Name", "Email", "Role", "Status", "E-mail verified", "Identity", "2FA", "Joined", "Last sign-in", "Actions"] }}
    >
      {(users) =>
        users.map((user) => (
          <Table.Row key={user.id}>
            <Table.Cell>
              <Link asChild colorPalette="brand">
                <RouterLink to={`/admin/users/${user.id}`}>{user.fullName}</RouterLink>
              </Link>
            </Table.Cell>
            <Table.Cell>{user.email}</Table.Cell>
            <Table.Cell textTransform="capitalize">{user.role.toLowerCase()}</Table.Cell>
            <Table.Cell>
              <AccountStatusBadge status={user.status} />
            </Table.Cell>
            <Table.Cell>{user.emailVerified ? "Yes" : "No"}</Table.Cell>
            <Table.Cell>{user.identityVerified ? <Badge colorPalette="green">verified</Badge> : <Badge>unverified</Badge>}</Table.Cell>
            <Table.Cell>{user.twoFactorEnabled ? "On" : "Off"}</Table.Cell>
            <Table.Cell>{formatDate(user.createdAt)}</Table.Cell>
            <Table.Cell>{user.lastLoginAt ? formatDate(user.lastLoginAt) : "Never"}</Table.Cell>
            <Table.Cell>
              <AccountActions user={user} />
            </Table.Cell>
          </Table.Row>
        ))
      }
    </AdminListFrame>
  );
}
