import { withFeedback } from "../../../lib/mutation-feedback";
import { WithFormOptions } from "../../../components/form/with-form-options";
import { AppDialog } from "../../../components/ui/app-dialog";
import type { PublisherSiteFragment } from "../../../gql/graphql";
import { useInventoryMutations } from "../hooks/use-inventory-mutations";
import { SiteForm, siteInput, type SiteValues } from "./site-form";

const EDITING = { label: "Edit site", submit: "Save Changes", busy: "Saving" };

/** Edits a site with the form that added it; the server decides whether the change needs a new review. */
export function EditSiteDialog({ site, onClose }: { site: PublisherSiteFragment; onClose: () => void }) {
  const { updateSite } = useInventoryMutations();

  const save = async (values: SiteValues) => {
    const outcome = await withFeedback(() => updateSite({ variables: { id: site.id, input: siteInput(values) } }), {
      success: (result) => (result.data?.updateSite.status === "PENDING" && site.status !== "PENDING" ? "Site saved and sent for review" : "Site saved"),
      failure: "Failed to save site",
    });
    if (outcome.ok) onClose();
    return outcome;
  };

  const initial = {
    domain: site.domain,
    name: site.name,
    category: site.category,
    description: site.description,
    blockedCategories: site.blockedCategories,
    blockedDomains: site.blockedDomains.join("\n"),
  };
  return (
    <AppDialog open onOpenChange={(open) => !open && onClose()} title={`Edit ${site.name}`}>
      <WithFormOptions>
        {(options) => (
          <SiteForm
            options={options}
            initial={initial}
            purpose={EDITING}
            domainHelp={site.status === "APPROVED" ? "Changing the domain sends the site back to review." : "For example news.example.com"}
            onSubmit={save}
          />
        )}
      </WithFormOptions>
    </AppDialog>
  );
}
