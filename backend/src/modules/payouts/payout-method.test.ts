import { Account, signUp } from "../../../test/factories";
import { startTestApp, TestApp } from "../../../test/test-app";
import { bic, iban, maskedAccount, PayoutMethodType } from "./payout-method";

describe("IBAN", () => {
  it.each([
    ["DE89 3704 0044 0532 0130 00", "DE89370400440532013000"],
    ["gb29 nwbk 6016 1331 9268 19", "GB29NWBK60161331926819"],
    ["FR14 2004 1010 0505 0001 3M02 606", "FR1420041010050500013M02606"],
    ["NL91ABNA0417164300", "NL91ABNA0417164300"],
    ["CH93 0076 2011 6238 5295 7", "CH9300762011623852957"],
  ])("accepts %s with its check digits", (typed, stored) => {
    expect(iban("iban", typed)).toBe(stored);
  });

  it.each([
    ["DE88 3704 0044 0532 0130 00", "This IBAN's check digits do not match: please check it for a typing slip"],
    ["DE89 3704 0044 0532 0130 01", "This IBAN's check digits do not match: please check it for a typing slip"],
    ["GB29 NWBK 6016 1331 9268 91", "This IBAN's check digits do not match: please check it for a typing slip"],
    ["DE89 3704 0044 0532 0130", "An IBAN from DE has 22 characters; this one has 20"],
    ["12DE 3704 0044 0532 0130 00", "Enter an IBAN such as DE89 3704 0044 0532 0130 00"],
    ["DE89-3704-0044-0532-0130-0!", "Enter an IBAN such as DE89 3704 0044 0532 0130 00"],
  ])("refuses %s", (typed, message) => {
    expect(() => iban("iban", typed)).toThrow(expect.objectContaining({ code: "BAD_USER_INPUT", field: "iban", message }));
  });

  it("refuses what is not text", () => {
    expect(() => iban("iban", 12345)).toThrow(expect.objectContaining({ field: "iban" }));
  });
});

describe("BIC", () => {
  it("takes 8 or 11 characters", () => {
    expect(bic("bic", "cobadeff")).toBe("COBADEFF");
    expect(bic("bic", "COBA DE FF XXX")).toBe("COBADEFFXXX");
  });
  it.each(["COBADEF", "COBADEFFXX", "1OBADEFF", "COBA12FF"])("refuses %s", (typed) => {
    expect(() => bic("bic", typed)).toThrow(expect.objectContaining({ code: "BAD_USER_INPUT", field: "bic" }));
  });
});

it("masks every kind of account", () => {
  expect(maskedAccount(PayoutMethodType.BANK_TRANSFER, { iban: "DE89370400440532013000" })).toBe("DE89 **** **** 3000");
  expect(maskedAccount(PayoutMethodType.PAYPAL, { paypalEmail: "jane.doe@example.com" })).toBe("j***@example.com");
  expect(maskedAccount(PayoutMethodType.WIRE, { accountNumber: "000123456789" })).toBe("**** 6789");
});

describe("through the API", () => {
  let t: TestApp;
  let publisher: Account;
  beforeAll(async () => {
    t = await startTestApp();
    publisher = await signUp(t, "publisher");
  });
  afterAll(() => t.close());

  const setMethod = (input: Record<string, unknown>, token = publisher.token) =>
    t.gql("mutation($input: PayoutMethodInput!) { setPayoutMethod(input: $input) { type label masked accountHolder } }", { input }, token);
  const onFile = async () => (await t.gql("{ myPayoutMethod { type masked } }", {}, publisher.token)).data!.myPayoutMethod;

  it("keeps each method validated and shows it masked", async () => {
    expect(await onFile()).toBeNull();
    expect((await setMethod({ type: "BANK_TRANSFER", accountHolder: "Jane Doe", iban: "de89 3704 0044 0532 0130 00", bic: "COBADEFFXXX" })).data).toEqual({
      setPayoutMethod: { type: "BANK_TRANSFER", label: "Bank transfer (IBAN)", masked: "DE89 **** **** 3000", accountHolder: "Jane Doe" },
    });
    expect((await setMethod({ type: "PAYPAL", paypalEmail: "Jane@Example.com" })).data).toEqual({
      setPayoutMethod: { type: "PAYPAL", label: "PayPal", masked: "j***@example.com", accountHolder: null },
    });
    expect(
      (await setMethod({ type: "WIRE", accountHolder: "Jane Doe", accountNumber: "0001 2345 6789", bic: "CHASUS33", bankName: "Chase", bankAddress: "New York, NY" })).data,
    ).toEqual({ setPayoutMethod: { type: "WIRE", label: "Wire transfer", masked: "**** 6789", accountHolder: "Jane Doe" } });
    expect(await onFile()).toEqual({ type: "WIRE", masked: "**** 6789" });
  });

  it("refuses an invalid IBAN, e-mail or missing field naming it, and keeps the method on file", async () => {
    await setMethod({ type: "PAYPAL", paypalEmail: "kept@example.com" });
    const cases: [Record<string, unknown>, string, string][] = [
      [{ type: "BANK_TRANSFER", accountHolder: "Jane", iban: "DE88370400440532013000", bic: "COBADEFF" }, "iban", "This IBAN's check digits do not match: please check it for a typing slip"],
      [{ type: "BANK_TRANSFER", accountHolder: "Jane", iban: "DE89370400440532013000", bic: "NOPE" }, "bic", "Enter a BIC of 8 or 11 characters such as COBADEFFXXX"],
      [{ type: "BANK_TRANSFER", iban: "DE89370400440532013000", bic: "COBADEFF" }, "accountHolder", "Account holder is required"],
      [{ type: "PAYPAL", paypalEmail: "not-an-address" }, "paypalEmail", "Enter an email address such as name@example.com"],
      [{ type: "WIRE", accountHolder: "Jane", accountNumber: "12", bic: "CHASUS33", bankName: "Chase", bankAddress: "NY" }, "accountNumber", "Account number must be 4 to 34 letters and digits"],
    ];
    for (const [input, field, message] of cases) {
      expect((await setMethod(input)).errors?.[0]).toMatchObject({ message, extensions: { code: "BAD_USER_INPUT", field } });
    }
    expect(await onFile()).toEqual({ type: "PAYPAL", masked: "k***@example.com" });
  });

  it("is the publisher's own: an advertiser can neither set nor read one", async () => {
    const advertiser = await signUp(t, "advertiser");
    expect((await setMethod({ type: "PAYPAL", paypalEmail: "a@example.com" }, advertiser.token)).errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
    expect((await t.gql("{ myPayoutMethod { type } }", {}, advertiser.token)).errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
  });
});
