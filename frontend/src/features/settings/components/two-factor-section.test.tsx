import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { GraphQLError } from "graphql";
import { BeginTwoFactorEnrolmentDocument, ConfirmTwoFactorEnrolmentDocument } from "../../../gql/graphql";
import { renderScreen } from "../../../test/render";
import { TwoFactorEnrolment } from "./two-factor-section";

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
