import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { AdminSitesDocument } from "../../../gql/graphql";
import { adminSite, firstPage, listMock } from "../../../test/admin-fixtures";
import { LAZY_LOAD, renderScreen } from "../../../test/render";
import { SiteApprovalsTab } from "./site-approvals-tab";

jest.setTimeout(15_000);

const sites = (count: number, from = 1) => Array.from({ length: count }, (_, n) => adminSite({ id: from + n, name: `Site ${from + n}` }));

test("the pages of a long list: which rows show, of how many, and Next and Previous", async () => {
  renderScreen(<SiteApprovalsTab />, {
    mocks: [
      listMock(AdminSitesDocument, "sites", firstPage({ status: "PENDING" }), sites(20), 45),
      listMock(AdminSitesDocument, "sites", firstPage({ status: "PENDING", offset: 20 }), sites(20, 21), 45),
    ],
  });

  const pages = await screen.findByRole("navigation", { name: "Pages of sites" });
  expect(within(pages).getByText("1–20 of 45 sites")).toBeVisible();
  expect(within(pages).getByRole("button", { name: "Previous" })).toBeDisabled();

  await userEvent.click(within(pages).getByRole("button", { name: "Next" }));

  // Twenty cards take a while to render on a busy machine.
  expect(await screen.findByRole("article", { name: "Site 21" }, LAZY_LOAD)).toBeVisible();
  expect(screen.queryByRole("article", { name: "Site 1" })).not.toBeInTheDocument();
  expect(within(pages).getByText("21–40 of 45 sites")).toBeVisible();
  expect(within(pages).getByRole("button", { name: "Previous" })).toBeEnabled();
});

test("a search, as long as the server takes, and a status ask the server again from the first page, and say so when nothing matches", async () => {
  const approved = adminSite({ id: 7, name: "Gadget Weekly", status: "APPROVED" });
  renderScreen(<SiteApprovalsTab />, {
    mocks: [
      listMock(AdminSitesDocument, "sites", firstPage({ status: "PENDING" }), sites(3)),
      listMock(AdminSitesDocument, "sites", firstPage({ status: "PENDING", search: "gadget" }), [approved]),
      listMock(AdminSitesDocument, "sites", firstPage({ status: "REJECTED", search: "gadget" }), []),
    ],
  });
  expect(await screen.findByRole("article", { name: "Site 1" })).toBeVisible();

  const search = screen.getByRole("searchbox", { name: "Search sites" });
  await waitFor(() => expect(search).toHaveAttribute("maxlength", "254"));
  await userEvent.type(search, " gadget ");

  expect(await screen.findByRole("article", { name: "Gadget Weekly" }, LAZY_LOAD)).toBeVisible();
  expect(screen.queryByRole("article", { name: "Site 1" })).not.toBeInTheDocument();
  expect(screen.getByText("1–1 of 1 sites")).toBeVisible();

  await userEvent.selectOptions(screen.getByRole("combobox", { name: "Status" }), "Rejected");

  expect(await screen.findByText("No sites match", {}, LAZY_LOAD)).toBeVisible();
});
