import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { GraphQLError } from "graphql";
import { BeginTwoFactorEnrolmentDocument, ConfirmTwoFactorEnrolmentDocument, TwoFactorStatusDocument } from "../../../gql/graphql";
import { renderScreen } from "../../../test/render";
import { TwoFactorEnrolment, TwoFactorSection } from "./two-factor-section";

const codes = Array.from({ length: 10 }, (_, i) => `abcde-fgh${String(i).padStart(2, "0")}`);
const begun = {
  request: { query: BeginTwoFactorEnrolmentDocument },
  result: {
    data: {
      beginTwoFactorEnrolment: {
        __typename: "TwoFactorEnrolment" as const,
        secret: "JBSWY3DPEHPK3PXP",
        otpauthUrl: "otpauth://totp/AdNet:ann%40example.com?secret=JBSWY3DPEHPK3PXP&issuer=AdNet",
        qrCodeDataUrl: "data:image/png;base64,iVBORw0KGgo=",
      },
    },
  },
};
const confirm = (code: string) => ({ request: { query: ConfirmTwoFactorEnrolmentDocument, variables: { code } } });

jest.setTimeout(15_000);

test("enrolment shows the QR code and the key, refuses a wrong code on its field, then shows the 10 recovery codes once", async () => {
  const done = jest.fn();
  renderScreen(<TwoFactorEnrolment onDone={done} />, {
    mocks: [
      begun,
      { ...confirm("000000"), result: { errors: [new GraphQLError("That code is not valid", { extensions: { code: "BAD_USER_INPUT", field: "code" } })] } },
      { ...confirm("123456"), result: { data: { confirmTwoFactorEnrolment: codes } } },
    ],
  });

  await userEvent.click(screen.getByRole("button", { name: "Set up two-factor sign-in" }));
  expect(await screen.findByRole("img", { name: "QR code for your authenticator app" })).toHaveAttribute("src", "data:image/png;base64,iVBORw0KGgo=");
  expect(screen.getByText("JBSWY3DPEHPK3PXP")).toBeVisible();

  const form = screen.getByRole("form", { name: "Confirm two-factor sign-in" });
  await userEvent.type(within(form).getByLabelText(/Code from the app/), "000000");
  await userEvent.click(within(form).getByRole("button", { name: "Turn on" }));
  expect(await within(form).findByText("That code is not valid")).toBeVisible();

  await userEvent.clear(within(form).getByLabelText(/Code from the app/));
  await userEvent.type(within(form).getByLabelText(/Code from the app/), "123456");
  await userEvent.click(within(form).getByRole("button", { name: "Turn on" }));
  const list = await screen.findByRole("list", { name: "Recovery codes" });
  expect(within(list).getAllByRole("listitem")).toHaveLength(10);
  expect(within(list).getByText("abcde-fgh09")).toBeVisible();

  expect(done).not.toHaveBeenCalled();
  await userEvent.click(screen.getByRole("button", { name: "I have saved my recovery codes" }));
  expect(done).toHaveBeenCalledTimes(1);
});

/** jsdom's Blob has no text(); its FileReader reads it. */
const textOf = (blob: Blob) =>
  new Promise<string>((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.readAsText(blob);
  });

const status = (enabled: boolean) => ({
  request: { query: TwoFactorStatusDocument },
  result: { data: { twoFactorStatus: { __typename: "TwoFactorStatus" as const, enabled, required: false, recoveryCodesLeft: enabled ? 10 : 0 } } },
});

test("Settings says On as soon as enrolment completes, and the recovery codes can be copied and downloaded as a text file", async () => {
  const saved: { blob: Blob; name: string }[] = [];
  let lastBlob: Blob | undefined;
  const realCreate = URL.createObjectURL;
  URL.createObjectURL = (blob: Blob) => {
    lastBlob = blob;
    return "blob:codes";
  };
  URL.revokeObjectURL = () => undefined;
  const click = jest.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ blob: lastBlob!, name: this.download });
  });
  // Its own clipboard, which the copy writes to and the test reads back.
  const user = userEvent.setup();
  try {
    renderScreen(<TwoFactorSection />, { mocks: [status(false), begun, { ...confirm("123456"), result: { data: { confirmTwoFactorEnrolment: codes } } }, status(true)] });
    const section = await screen.findByRole("region", { name: "Two-factor sign-in" });
    expect(await within(section).findByText("Off")).toBeVisible();

    await user.click(within(section).getByRole("button", { name: "Turn on two-factor sign-in" }));
    await user.click(await within(section).findByRole("button", { name: "Set up two-factor sign-in" }));
    const form = await within(section).findByRole("form", { name: "Confirm two-factor sign-in" });
    await user.type(within(form).getByLabelText(/Code from the app/), "123456");
    await user.click(within(form).getByRole("button", { name: "Turn on" }));

    expect(await within(section).findByRole("list", { name: "Recovery codes" })).toBeVisible();
    expect(await within(section).findByText("On")).toBeVisible();
    expect(within(section).queryByText("Off")).not.toBeInTheDocument();

    const expected = codes.map((code) => `${code}\n`).join("");
    await user.click(within(section).getByRole("button", { name: "Copy" }));
    expect(await screen.findByText("Recovery codes copied to clipboard")).toBeVisible();
    expect(await navigator.clipboard.readText()).toBe(expected);

    await user.click(within(section).getByRole("button", { name: "Download" }));
    expect(saved).toHaveLength(1);
    expect(saved[0].name).toBe("adnet-recovery-codes.txt");
    expect(saved[0].blob.type).toBe("text/plain");
    expect(await textOf(saved[0].blob)).toBe(expected);

    await user.click(within(section).getByRole("button", { name: "I have saved my recovery codes" }));
    expect(await within(section).findByText("10 of 10 recovery codes left.")).toBeVisible();
    expect(within(section).queryByRole("list", { name: "Recovery codes" })).not.toBeInTheDocument();
  } finally {
    URL.createObjectURL = realCreate;
    click.mockRestore();
  }
});
