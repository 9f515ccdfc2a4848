import { Checkbox, Stack, Text } from "@chakra-ui/react";
import { useMutation, useQuery } from "@apollo/client/react";
import { NotificationSettingsDocument, SetNotificationEnabledDocument, type NotificationKind } from "../../../gql/graphql";
import { withFeedback } from "../../../lib/mutation-feedback";

/** The e-mails the user's role can get, each turned on or off with one click. */
export function NotificationsForm() {
  const { data } = useQuery(NotificationSettingsDocument);
  const [setEnabled] = useMutation(SetNotificationEnabledDocument, {
    update(cache, { data: answer }) {
      if (answer) cache.writeQuery({ query: NotificationSettingsDocument, data: { notificationSettings: answer.setNotificationEnabled } });
    },
  });
  const settings = data?.notificationSettings ?? [];
  if (settings.length === 0) return null;

  const toggle = (kind: NotificationKind, enabled: boolean) =>
    withFeedback(() => setEnabled({ variables: { kind, enabled } }), {
      success: enabled ? "E-mail turned on" : "E-mail turned off",
      failure: "Could not change the setting",
    });

  return (
    <Stack gap="3" role="group" aria-label="E-mail notifications">
      <Text fontWeight="semibold">E-mail me when</Text>
      {settings.map((setting) => (
        <Checkbox.Root key={setting.kind} checked={setting.enabled} onCheckedChange={(e) => toggle(setting.kind, e.checked === true)}>
          <Checkbox.HiddenInput />
          <Checkbox.Control />
          <Checkbox.Label>{setting.label}</Checkbox.Label>
        </Checkbox.Root>
      ))}
    </Stack>
  );
}
