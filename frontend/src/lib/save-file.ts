/** Hands the browser a file to save, as a download link would. */
export function saveFile(contents: Blob, filename: string): void {
  const blobUrl = URL.createObjectURL(contents);
  const link = document.createElement("a");
  link.href = blobUrl;
  link.download = filename;
  link.click();
  // The browser reads the blob after the click returns; a minute is ample, then the memory goes back.
  setTimeout(() => URL.revokeObjectURL(blobUrl), 60_000);
}
