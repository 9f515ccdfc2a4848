import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { CreateApiKeyDocument, MyApiKeysDocument, RevokeApiKeyDocument, type ApiKeyFieldsFragment } from "../../../gql/graphql";
import { renderScreen } from "../../../test/render";
import { ApiKeysSection } from "./api-keys-section";

const key = (over: Partial<ApiKeyFieldsFragment> = {}): ApiKeyFieldsFragment => ({
  __typename: "ApiKey",
  id: 5,
  name: "Nightly sync",
  prefix: "adn_live_ab12",
  readOnly: true,
  createdAt: "2025-04-01T09:00:00.000Z",
  lastUsedAt: null,
  revokedAt: null,
  ...over,
});
const listed = (keys: ApiKeyFieldsFragment[]) => ({ request: { query: MyApiKeysDocument }, result: { data: { myApiKeys: keys } } });

jest.setTimeout(15_000);

test("a new key is shown once in full, then listed by its prefix; revoking marks it", async () => {
  renderScreen(<ApiKeysSection />, {
    mocks: [
      listed([]),
      {
        request: { query: CreateApiKeyDocument, variables: { input: { name: "Nightly sync", readOnly: true } } },
        result: { data: { createApiKey: { __typename: "CreatedApiKeyView" as const, secret: "adn_live_ab12secretsecretsecretsecret00", apiKey: key() } } },
      },
      listed([key()]),
      { request: { query: RevokeApiKeyDocument, variables: { id: 5 } }, result: { data: { revokeApiKey: key({ revokedAt: "2025-04-02T09:00:00.000Z" }) } } },
      listed([key({ revokedAt: "2025-04-02T09:00:00.000Z" })]),
    ],
  });

  const form = await screen.findByRole("form", { name: "New API key" });
  await userEvent.click(within(form).getByRole("button", { name: "Create key" }));
  expect(await within(form).findByText("Name is required")).toBeVisible();
  await userEvent.type(within(form).getByLabelText(/Key name/), "Nightly sync");
  await userEvent.click(within(form).getByText("Read-only"));
  await userEvent.click(within(form).getByRole("button", { name: "Create key" }));

  expect(await screen.findByText("adn_live_ab12secretsecretsecretsecret00")).toBeVisible();
  const row = await screen.findByRole("row", { name: /Nightly sync/ });
  expect(within(row).getByText("adn_live_ab12…")).toBeVisible();
  expect(within(row).getByText("read-only")).toBeVisible();
  expect(within(row).getByText("Never")).toBeVisible();

  await userEvent.click(within(row).getByRole("button", { name: "Revoke Nightly sync" }));
  expect(await within(await screen.findByRole("row", { name: /Nightly sync/ })).findByText("revoked")).toBeVisible();
});
