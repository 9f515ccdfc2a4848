import { useMutation } from "@apollo/client/react";
import { withFeedback } from "../../../lib/mutation-feedback";
import { WithFormOptions } from "../../../components/form/with-form-options";
import { AppDialog } from "../../../components/ui/app-dialog";
import { CreateSiteDocument } from "../../../gql/graphql";
import { blankSite, SiteForm, siteInput, type SiteValues } from "./site-form";
import { prependToList } from "../../../lib/cache-updates";

interface AddSiteDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

const ADDING = { label: "Add site", submit: "Submit for Approval", busy: "Submitting" };

export function AddSiteDialog({ open, onOpenChange }: AddSiteDialogProps) {
  const [createSite] = useMutation(CreateSiteDocument, {
    update: (cache, { data }) => prependToList(cache, "mySites", data?.createSite),
  });

  const add = async (values: SiteValues) => {
    const outcome = await withFeedback(() => createSite({ variables: { input: siteInput(values) } }), {
      success: "Site submitted for approval",
      failure: "Failed to create site",
    });
    if (outcome.ok) onOpenChange(false);
    return outcome;
  };

  return (
    <AppDialog open={open} onOpenChange={onOpenChange} title="Add New Site" description="Sites are reviewed within 24 hours.">
      <WithFormOptions>
        {(options) => <SiteForm options={options} initial={blankSite} purpose={ADDING} domainHelp="For example news.example.com" onSubmit={add} />}
      </WithFormOptions>
    </AppDialog>
  );
}
