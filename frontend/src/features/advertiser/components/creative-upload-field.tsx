import { Button, HStack, Input, Text } from "@chakra-ui/react";
import { useMutation } from "@apollo/client/react";
import { useState } from "react";
import { FormField } from "../../../components/form/form-field";
import { CreateMediaUploadUrlDocument } from "../../../gql/graphql";

/** What the server found when it decoded the file: its real type and size, never what the name says. */
export interface UploadedMedia {
  id: number;
  kind: "image" | "video";
  mimeType: string;
  width: number;
  height: number;
  durationMs: number | null;
}

const ACCEPTED = "image/png,image/jpeg,image/gif,image/webp,video/mp4,video/webm";

const describe = (file: UploadedMedia) =>
  `${file.mimeType.split("/")[1].toUpperCase()} ${file.kind}, ${file.width}×${file.height} pixels${file.durationMs === null ? "" : `, ${(file.durationMs / 1000).toFixed(1)} s`}`;

/** Sends the bytes to the short-lived URL the server signs for this advertiser; its answer is the decoded file, or the reason it was refused. */
async function putFile(url: string, file: File): Promise<UploadedMedia> {
  const response = await fetch(url, { method: "PUT", body: file });
  const body = (await response.json().catch(() => ({}))) as UploadedMedia & { detail?: string };
  if (!response.ok) throw new Error(body.detail ?? "The upload failed: try again");
  return body;
}

interface CreativeUploadFieldProps {
  /** Called with the stored file: the creative takes its id, type and real size. */
  onUploaded: (file: UploadedMedia) => void;
  /** The advertiser went back to a content URL. */
  onCleared: () => void;
}

/** An image or video the network hosts, instead of a content URL: checked by the server, which shows its real size or why it refused it. */
export function CreativeUploadField({ onUploaded, onCleared }: CreativeUploadFieldProps) {
  const [createUploadUrl] = useMutation(CreateMediaUploadUrlDocument);
  const [state, setState] = useState<{ status: "idle" | "uploading" } | { status: "done"; file: UploadedMedia } | { status: "refused"; reason: string }>({ status: "idle" });
  const [inputKey, setInputKey] = useState(0);

  const choose = async (file: File | undefined) => {
    if (!file) return;
    setState({ status: "uploading" });
    try {
      const { data } = await createUploadUrl();
      if (!data) throw new Error("The upload could not start: try again");
      const stored = await putFile(data.createMediaUploadUrl.url, file);
      setState({ status: "done", file: stored });
      onUploaded(stored);
    } catch (error) {
      setState({ status: "refused", reason: (error as Error).message });
      onCleared();
    }
  };

  const clear = () => {
    setState({ status: "idle" });
    setInputKey((key) => key + 1);
    onCleared();
  };

  return (
    <FormField label="Upload a file" error={state.status === "refused" ? state.reason : undefined} helperText="PNG, JPEG, GIF or WebP up to 5 MB; MP4 or WebM up to 50 MB and 60 s. Or give a content URL below.">
      <Input key={inputKey} type="file" accept={ACCEPTED} p="1" disabled={state.status === "uploading"} onChange={(e) => void choose(e.target.files?.[0])} />
      {state.status === "uploading" && <Text fontSize="sm">Uploading and checking…</Text>}
      {state.status === "done" && (
        <HStack justify="space-between">
          <Text fontSize="sm" role="status">
            Uploaded: {describe(state.file)}
          </Text>
          <Button size="xs" variant="outline" onClick={clear}>
            Use a URL instead
          </Button>
        </HStack>
      )}
    </FormField>
  );
}
