import { Box, Card, Input } from "@chakra-ui/react";
import { useQuery } from "@apollo/client/react";
import { useState } from "react";
import { FormField } from "../../../components/form/form-field";
import { SelectInput } from "../../../components/form/select-input";
import { AuditLogDocument, type AuditAction } from "../../../gql/graphql";
import { AdminListFrame, useAdminList } from "./admin-list";
import { AUDIT_ACTION_LABELS, AuditEntriesTable } from "./audit-entries";

const ACTIONS = (Object.keys(AUDIT_ACTION_LABELS) as AuditAction[]).map((value) => ({ value, label: AUDIT_ACTION_LABELS[value] }));
const TARGETS = ["user", "site", "campaign", "creative", "payout", "deposit", "api_key"].map((value) => ({ value, label: value.replace("_", " ") }));

/** The audit log: every admin action and security event, by actor (the search box), action, target and days. */
export function AuditTab() {
  const list = useAdminList();
  const [action, setAction] = useState<AuditAction | null>(null);
  const [targetType, setTargetType] = useState<string | null>(null);
  const [targetId, setTargetId] = useState("");
  const [from, setFrom] = useState("");
  const [to, setTo] = useState("");
  const query = useQuery(AuditLogDocument, {
    variables: {
      input: { actor: list.input.search, offset: list.input.offset, limit: list.input.limit, action, targetType, targetId: /^[1-9]\d{0,9}$/.test(targetId) ? Number(targetId) : null, from: from || null, to: to || null },
    },
  });

  return (
    <AdminListFrame
      list={list}
      noun="entries"
      searchPlaceholder="Who: part of an e-mail"
      filters={
        <>
          <Box w="56">
            <FormField label="Action">
              <SelectInput placeholder="All actions" options={ACTIONS} value={action ?? ""} onChange={list.narrow((value: string) => setAction((value || null) as AuditAction | null))} />
            </FormField>
          </Box>
          <Box w="36">
            <FormField label="Target">
              <SelectInput placeholder="All targets" options={TARGETS} value={targetType ?? ""} onChange={list.narrow((value: string) => setTargetType(value || null))} />
            </FormField>
          </Box>
          <Box w="24">
            <FormField label="Target #">
              <Input type="number" inputMode="numeric" min={1} value={targetId} onChange={(e) => list.narrow(setTargetId)(e.target.value)} />
            </FormField>
          </Box>
          <Box w="40">
            <FormField label="From">
              <Input type="date" value={from} onChange={(e) => list.narrow(setFrom)(e.target.value)} />
            </FormField>
          </Box>
          <Box w="40">
            <FormField label="To">
              <Input type="date" value={to} onChange={(e) => list.narrow(setTo)(e.target.value)} />
            </FormField>
          </Box>
        </>
      }
      query={query}
      pageOf={(data) => data.auditLog}
      failureMessage="Failed to load the audit log"
      empty={{ title: "Nothing recorded yet", description: "Admin actions and security events appear here as they happen." }}
    >
      {(entries) => (
        <Card.Root>
          <Card.Body>
            <AuditEntriesTable entries={entries} />
          </Card.Body>
        </Card.Root>
      )}
    </AdminListFrame>
  );
}
