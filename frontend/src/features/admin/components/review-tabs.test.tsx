import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { AdminCampaignsDocument, AdminCreativesDocument, AdminSitesDocument, ApproveCampaignDocument, ApproveCreativesDocument, CampaignHistoryDocument } from "../../../gql/graphql";
import { adminCampaign, adminCreative, adminSite, firstPage, listMock, targetingAnswer } from "../../../test/admin-fixtures";
import { renderScreen } from "../../../test/render";
import { CampaignManagementTab } from "./campaign-management-tab";
import { CreativeReviewTab } from "./creative-review-tab";
import { SiteApprovalsTab } from "./site-approvals-tab";

jest.setTimeout(15_000);

test("Sites, Campaigns and Creatives all open on what needs a decision: Pending", async () => {
  renderScreen(
    <>
      <SiteApprovalsTab />
      <CampaignManagementTab />
      <CreativeReviewTab />
    </>,
    {
      mocks: [
        listMock(AdminSitesDocument, "sites", firstPage({ status: "PENDING" }), [adminSite()]),
        listMock(AdminCampaignsDocument, "campaigns", firstPage({ status: "PENDING" }), [adminCampaign()]),
        listMock(AdminCreativesDocument, "creatives", firstPage({ status: "PENDING" }), [adminCreative()]),
      ],
    },
  );

  expect(await screen.findByRole("article", { name: "Tech Daily" })).toBeVisible();
  expect(await screen.findByRole("article", { name: "Spring Sale" })).toBeVisible();
  expect(await screen.findByRole("article", { name: "Spring banner" })).toBeVisible();
  const statusFilters = screen.getAllByRole("combobox", { name: "Status" });
  expect(statusFilters).toHaveLength(3);
  for (const filter of statusFilters) expect(filter).toHaveDisplayValue("Pending");
});

const ownerLine = (name: string) => within(screen.getByRole("article", { name })).getByText(/^(Publisher|Advertiser): /);

test("the admins' site, campaign and creative cards say whose they are, and a creative names its campaign", async () => {
  renderScreen(
    <>
      <SiteApprovalsTab />
      <CampaignManagementTab />
      <CreativeReviewTab />
    </>,
    {
      mocks: [
        listMock(AdminSitesDocument, "sites", firstPage({ status: "PENDING" }), [adminSite()]),
        listMock(AdminCampaignsDocument, "campaigns", firstPage({ status: "PENDING" }), [adminCampaign()]),
        listMock(AdminCreativesDocument, "creatives", firstPage({ status: "PENDING" }), [adminCreative()]),
      ],
    },
  );

  expect(await screen.findByRole("article", { name: "Tech Daily" })).toBeVisible();
  expect(ownerLine("Tech Daily")).toHaveTextContent("Publisher: Jane Doe · jane@example.com");
  expect(await screen.findByRole("article", { name: "Spring Sale" })).toBeVisible();
  expect(ownerLine("Spring Sale")).toHaveTextContent("Advertiser: Ada Ads · ada@example.com");
  expect(await screen.findByRole("article", { name: "Spring banner" })).toBeVisible();
  expect(ownerLine("Spring banner")).toHaveTextContent("Advertiser: Ada Ads · ada@example.com");
  expect(within(screen.getByRole("article", { name: "Spring banner" })).getByText(/^Spring Sale · submitted/)).toBeVisible();
});

test("an admin reviewing a campaign reads every setting it delivers with, sites by name, in the server's words", async () => {
  const user = userEvent.setup();
  const gambling = adminCampaign({
    category: "gambling",
    targetCountries: ["DE"],
    targeting: targetingAnswer({ sites: { __typename: "TargetingList", mode: "INCLUDE", values: ["techdaily.example.com"] } }),
    targetNames: [{ __typename: "TargetName", rule: "sites", value: "techdaily.example.com", name: "Tech Daily" }],
  });
  renderScreen(<CampaignManagementTab />, { mocks: [listMock(AdminCampaignsDocument, "campaigns", firstPage({ status: "PENDING" }), [gambling])] });

  const card = await screen.findByRole("article", { name: "Spring Sale" });
  // In the words formOptions serves, once it has answered.
  expect(await within(card).findByText("Gambling")).toBeVisible();
  expect(within(card).getByText("Germany")).toBeVisible();
  expect(within(card).getByText("Tech Daily (techdaily.example.com)")).toBeVisible();
  expect(within(card).getByText("1 creative: 1 pending review")).toBeVisible();
  await user.click(within(card).getByRole("button", { name: "Show all settings" }));
  expect(within(card).getByText("All devices")).toBeVisible();
});

/** The card's action buttons: an approved site's ads.txt check has its own "Check now" inside its status. */
const buttonsOf = (name: string) =>
  within(screen.getByRole("article", { name }))
    .queryAllByRole("button")
    .filter((button) => !button.closest('[role="status"]'))
    .map((button) => button.textContent);

test("each card draws one button per action the server serves, in its order, whatever the status says", async () => {
  renderScreen(
    <>
      <SiteApprovalsTab />
      <CampaignManagementTab />
    </>,
    {
      mocks: [
        listMock(AdminSitesDocument, "sites", firstPage({ status: "PENDING" }), [
          adminSite({ status: "APPROVED", nextActions: ["REJECT"] }),
          adminSite({ id: 11, name: "Closed Shop", status: "REJECTED", nextActions: [] }),
        ]),
        listMock(AdminCampaignsDocument, "campaigns", firstPage({ status: "PENDING" }), [
          adminCampaign({ status: "ACTIVE", nextActions: ["REJECT", "PAUSE"] }),
          adminCampaign({ id: 21, name: "Paused Sale", status: "PAUSED", nextActions: ["REJECT", "RESUME"] }),
        ]),
      ],
    },
  );

  await screen.findByRole("article", { name: "Tech Daily" });
  await screen.findByRole("article", { name: "Spring Sale" });
  expect(buttonsOf("Tech Daily")).toEqual(["Reject"]);
  expect(buttonsOf("Closed Shop")).toEqual([]);
  expect(buttonsOf("Spring Sale")).toEqual(["Show all settings", "Reject", "Pause", "History"]);
  expect(buttonsOf("Paused Sale")).toEqual(["Show all settings", "Reject", "Resume", "History"]);
});

test("an admin reads a campaign's history from its card, with who made each change", async () => {
  renderScreen(<CampaignManagementTab />, {
    mocks: [
      listMock(AdminCampaignsDocument, "campaigns", firstPage({ status: "PENDING" }), [adminCampaign({ status: "ACTIVE", nextActions: ["REJECT", "PAUSE"] })]),
      {
        request: { query: CampaignHistoryDocument, variables: { id: 20 } },
        result: {
          data: {
            campaignHistory: [
              { __typename: "CampaignChange", id: "4.0", at: "2025-03-05T10:00:00.000Z", by: "ada@example.com", action: "Edited", field: "Daily budget cap", from: "No cap", to: "$40.00" },
            ],
          },
        },
      },
    ],
  });

  await userEvent.click(await screen.findByRole("button", { name: "History of Spring Sale" }));
  const dialog = await screen.findByRole("dialog", { name: "History of Spring Sale" });
  const [item] = await within(dialog).findAllByRole("listitem");
  expect([...item.querySelectorAll("p")].map((line) => line.textContent)).toEqual(["Edited: Daily budget cap", "No cap → $40.00", expect.stringMatching(/ · ada@example\.com$/)]);
});

test("archived campaigns stay out of the admins' list until asked for, and then come alone", async () => {
  renderScreen(<CampaignManagementTab />, {
    mocks: [
      listMock(AdminCampaignsDocument, "campaigns", firstPage({ status: "PENDING" }), []),
      listMock(AdminCampaignsDocument, "campaigns", firstPage({ status: null }), [adminCampaign({ status: "ACTIVE", nextActions: ["REJECT", "PAUSE"] })]),
      listMock(AdminCampaignsDocument, "campaigns", { ...firstPage({ status: null }), archived: true }, [adminCampaign({ id: 22, name: "Old Sale", status: "COMPLETED", archived: true, nextActions: [] })]),
    ],
  });

  await userEvent.selectOptions(await screen.findByRole("combobox", { name: "Status" }), "All statuses");
  expect(await screen.findByRole("article", { name: "Spring Sale" })).toBeVisible();
  await userEvent.click(screen.getByRole("checkbox", { name: "Archived only" }));
  expect(await screen.findByRole("article", { name: "Old Sale" })).toBeVisible();
  expect(screen.queryByRole("article", { name: "Spring Sale" })).not.toBeInTheDocument();
});

test("the creatives waiting on a page are approved in one action, so their advertiser gets one e-mail per campaign", async () => {
  const banner = adminCreative();
  const square = adminCreative({ id: 31, name: "Spring square" });
  const approved = (creative: typeof banner) => ({ ...creative, status: "APPROVED" as const, nextActions: ["REJECT" as const], campaign: null });
  renderScreen(<CreativeReviewTab />, {
    mocks: [
      listMock(AdminCreativesDocument, "creatives", firstPage({ status: "PENDING" }), [banner, square]),
      { request: { query: ApproveCreativesDocument, variables: { ids: [30, 31] } }, result: { data: { approveCreatives: [approved(banner), approved(square)] } } },
    ],
  });

  await userEvent.click(await screen.findByRole("button", { name: "Approve all 2 shown" }));

  // One request for both (the mock answers only these ids together), confirmed once.
  expect(await screen.findByText("2 creatives approved")).toBeVisible();
  expect(screen.queryByText("Creative approved successfully")).not.toBeInTheDocument();
});

test("a campaign with pending creatives is approved with them in one action, its button counting them; plain Approve stays", async () => {
  const waiting = adminCampaign({ creativeCounts: { __typename: "CampaignCreativeCounts", pending: 3, approved: 0, rejected: 1 } });
  const bare = adminCampaign({ id: 21, name: "Bare Sale", creativeCounts: { __typename: "CampaignCreativeCounts", pending: 0, approved: 0, rejected: 0 } });
  const live = { ...waiting, status: "ACTIVE" as const, nextActions: ["REJECT" as const, "PAUSE" as const], creativeCounts: { ...waiting.creativeCounts, pending: 0, approved: 3 } };
  renderScreen(<CampaignManagementTab />, {
    mocks: [
      listMock(AdminCampaignsDocument, "campaigns", firstPage({ status: "PENDING" }), [waiting, bare]),
      // Answers only the call that asks for the creatives too.
      { request: { query: ApproveCampaignDocument, variables: { id: 20, withPendingCreatives: true } }, result: { data: { approveCampaign: live } } },
    ],
  });

  const card = await screen.findByRole("article", { name: "Spring Sale" });
  expect(within(card).getByRole("button", { name: "Approve" })).toBeVisible();
  const bareCard = screen.getByRole("article", { name: "Bare Sale" });
  expect(within(bareCard).getByRole("button", { name: "Approve" })).toBeVisible();
  expect(within(bareCard).queryByRole("button", { name: /Approve campaign and/ })).not.toBeInTheDocument();

  await userEvent.click(within(card).getByRole("button", { name: "Approve campaign and its 3 pending creatives" }));

  expect(await screen.findByText("Campaign and its 3 creatives approved")).toBeVisible();
  await waitFor(() => expect(screen.queryByRole("article", { name: "Spring Sale" })).not.toBeInTheDocument());
});
