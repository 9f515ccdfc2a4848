import { screen, waitFor, within } from "@testing-library/react";

/** A dialog whose form waits for the server's bounds: found once its form is on screen. */
export async function findFormDialog(name: string | RegExp) {
  const dialog = await screen.findByRole("dialog", { name });
  await waitFor(() => expect(within(dialog).queryAllByRole("form").length).toBeGreaterThan(0));
  return dialog;
}
