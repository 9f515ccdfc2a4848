import { Button, HStack } from "@chakra-ui/react";
import { useState } from "react";
import { withFeedback } from "../../../lib/mutation-feedback";
import { downloadFile } from "../../../lib/download-file";

interface StatementDownloadsProps {
  number: string;
  pdfPath: string;
  csvPath: string;
}

/** PDF and CSV buttons for one issued document: fetched with the session's token, saved under the document's number. */
export function StatementDownloads({ number, pdfPath, csvPath }: StatementDownloadsProps) {
  const [busy, setBusy] = useState<"pdf" | "csv" | null>(null);
  const download = async (format: "pdf" | "csv") => {
    setBusy(format);
    await withFeedback(() => downloadFile(format === "pdf" ? pdfPath : csvPath, `${number}.${format}`), {
      success: (filename) => `Downloaded ${filename}`,
      failure: `Failed to download ${number}`,
    });
    setBusy(null);
  };
  return (
    <HStack gap="2" justify="flex-end">
      <Button size="xs" variant="outline" aria-label={`Download ${number} as PDF`} loading={busy === "pdf"} onClick={() => download("pdf")}>
        PDF
      </Button>
      <Button size="xs" variant="outline" aria-label={`Download ${number} as CSV`} loading={busy === "csv"} onClick={() => download("csv")}>
        CSV
      </Button>
    </HStack>
  );
}
