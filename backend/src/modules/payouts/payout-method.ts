import { ValidationError } from "../../common/errors";
import * as check from "../../common/validate";

/** The spec's payout methods (section 9): bank transfer, PayPal, wire. */
export enum PayoutMethodType {
  BANK_TRANSFER = "bank_transfer",
  PAYPAL = "paypal",
  WIRE = "wire",
}

export const PAYOUT_METHOD_LABELS: Record<PayoutMethodType, string> = {
  [PayoutMethodType.BANK_TRANSFER]: "Bank transfer (IBAN)",
  [PayoutMethodType.PAYPAL]: "PayPal",
  [PayoutMethodType.WIRE]: "Wire transfer",
};

/** What is kept of each method: the fields its form asks for, validated and normalised. */
export interface PayoutMethodDetails {
  accountHolder?: string;
  iban?: string;
  bic?: string;
  paypalEmail?: string;
  accountNumber?: string;
  routingNumber?: string;
  bankName?: string;
  bankAddress?: string;
}

/** The IBAN's length in each country of the SEPA area and the other common IBAN countries. */
const IBAN_LENGTHS: Record<string, number> = {
  AD: 24, AE: 23, AL: 28, AT: 20, AZ: 28, BA: 20, BE: 16, BG: 22, BH: 22, BR: 29, CH: 21, CR: 22, CY: 28, CZ: 24, DE: 22,
  DK: 18, DO: 28, EE: 20, EG: 29, ES: 24, FI: 18, FO: 18, FR: 27, GB: 22, GE: 22, GI: 23, GL: 18, GR: 27, GT: 28, HR: 21,
  HU: 28, IE: 22, IL: 23, IS: 26, IT: 27, JO: 30, KW: 30, KZ: 20, LB: 28, LI: 21, LT: 20, LU: 20, LV: 21, MC: 27, MD: 24,
  ME: 22, MK: 19, MR: 27, MT: 31, MU: 30, NL: 18, NO: 15, PK: 24, PL: 28, PS: 29, PT: 25, QA: 29, RO: 24, RS: 22, SA: 24,
  SE: 24, SI: 19, SK: 24, SM: 27, TN: 24, TR: 26, UA: 29, VG: 24, XK: 20,
};

/** An IBAN without spaces, upper case; checked for its country's length and the ISO 13616 mod-97 checksum. */
export function iban(field: string, value: unknown): string {
  const text = check.requiredText(field, value, 64).replace(/[\s-]/g, "").toUpperCase();
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(text)) throw new ValidationError(field, "Enter an IBAN such as DE89 3704 0044 0532 0130 00");
  const length = IBAN_LENGTHS[text.slice(0, 2)];
  if (length !== undefined && text.length !== length) throw new ValidationError(field, `An IBAN from ${text.slice(0, 2)} has ${length} characters; this one has ${text.length}`);
  if (mod97(text.slice(4) + text.slice(0, 4)) !== 1) throw new ValidationError(field, "This IBAN's check digits do not match: please check it for a typing slip");
  return text;
}

/** The remainder of the IBAN's digits (letters as 10 to 35) divided by 97, a few digits at a time. */
function mod97(rearranged: string): number {
  let remainder = 0;
  for (const char of rearranged) {
    const digits = /\d/.test(char) ? char : String(char.charCodeAt(0) - 55);
    for (const digit of digits) remainder = (remainder * 10 + Number(digit)) % 97;
  }
  return remainder;
}

/** A BIC (SWIFT code): bank, country, location and an optional branch, 8 or 11 characters. */
export function bic(field: string, value: unknown): string {
  const text = check.requiredText(field, value, 32).replace(/\s/g, "").toUpperCase();
  if (!/^[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?$/.test(text)) throw new ValidationError(field, "Enter a BIC of 8 or 11 characters such as COBADEFFXXX");
  return text;
}

/** Validates a method's fields for its type; the fields of other types are dropped. */
export function payoutMethodDetails(type: PayoutMethodType, input: Record<string, unknown>): PayoutMethodDetails {
  switch (type) {
    case PayoutMethodType.BANK_TRANSFER:
      return { accountHolder: check.requiredText("accountHolder", input.accountHolder, 120), iban: iban("iban", input.iban), bic: bic("bic", input.bic) };
    case PayoutMethodType.PAYPAL:
      return { paypalEmail: check.email("paypalEmail", input.paypalEmail) };
    case PayoutMethodType.WIRE: {
      const accountNumber = check.requiredText("accountNumber", input.accountNumber, 34).replace(/[\s-]/g, "");
      if (!/^[A-Za-z0-9]{4,34}$/.test(accountNumber)) throw new ValidationError("accountNumber", "Account number must be 4 to 34 letters and digits");
      return {
        accountHolder: check.requiredText("accountHolder", input.accountHolder, 120),
        accountNumber,
        routingNumber: check.isBlank(input.routingNumber) ? undefined : check.requiredText("routingNumber", input.routingNumber, 34),
        bic: bic("bic", input.bic),
        bankName: check.requiredText("bankName", input.bankName, 120),
        bankAddress: check.requiredText("bankAddress", input.bankAddress, 300),
      };
    }
  }
}

/** The account shown in lists: enough to recognise it, never enough to use it. */
export function maskedAccount(type: PayoutMethodType, details: PayoutMethodDetails): string {
  switch (type) {
    case PayoutMethodType.BANK_TRANSFER: {
      const iban = details.iban ?? "";
      return `${iban.slice(0, 4)} **** **** ${iban.slice(-4)}`;
    }
    case PayoutMethodType.PAYPAL: {
      const [local, domain] = (details.paypalEmail ?? "").split("@");
      return `${local.slice(0, 1)}***@${domain ?? ""}`;
    }
    case PayoutMethodType.WIRE:
      return `**** ${(details.accountNumber ?? "").slice(-4)}`;
  }
}
