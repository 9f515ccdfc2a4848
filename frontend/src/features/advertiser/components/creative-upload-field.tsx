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
  /** Where the network serves it: /media/<sha256>.<ext>. */
  url: string;
}

const IMAGES = "image/png,image/jpeg,image/gif,image/webp";
const ACCEPTED = `${IMAGES},video/mp4,video/webm`;

/** What a logo may be: an image only. */
export const LOGO_UPLOAD = { label: "Upload a logo", accept: IMAGES, helperText: "A square PNG, JPEG, GIF or WebP, at least 50×50 pixels. Or give a logo URL below." } as const;

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
  label?: string;
  helperText?: string;
  /** The media types the file picker offers. */
  accept?: string;
}

/** An image or video the network hosts, instead of a content URL: checked by the server, which shows its real size or why it refused it. */
export function CreativeUploadField({
  onUploaded,
  onCleared,
  label = "Upload a file",
  helperText = "PNG, JPEG, GIF or WebP up to 5 MB; MP4 or WebM up to 50 MB and 60 s. Or give a content URL below.",
  accept = ACCEPTED,
}: CreativeUploadFieldProps) {
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
    <FormField label={label} error={state.status === "refused" ? state.reason : undefined} helperText={helperText}>
      <Input key={inputKey} type="file" accept={accept} p="1" disabled={state.status === "uploading"} onChange={(e) => void choose(e.target.files?.[0])} />
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
