import type { Consent, ConsentState } from "./consent";

const STATE_LETTERS: Record<ConsentState, string> = { gdpr_consented: "C", gdpr_no_consent: "N", opted_out: "O", not_applicable: "A" };
const STATES_BY_LETTER = new Map(Object.entries(STATE_LETTERS).map(([state, letter]) => [letter, state as ConsentState]));

/** A consent in two characters, as a signed offer carries it: its state's letter, then a digit of what it allows (store 1, personalise 2, identify 4). */
export const CONSENT_CODE = "[CNOA][0-7]";

export function consentCode(consent: Consent): string {
  return STATE_LETTERS[consent.state] + ((consent.mayStore ? 1 : 0) + (consent.mayPersonalise ? 2 : 0) + (consent.mayIdentifyAcrossSites ? 4 : 0));
}

/** The consent a code of CONSENT_CODE's form tells. */
export function consentOfCode(code: string): Consent {
  const allows = Number(code[1]);
  return { state: STATES_BY_LETTER.get(code[0]) ?? "gdpr_no_consent", mayStore: (allows & 1) !== 0, mayPersonalise: (allows & 2) !== 0, mayIdentifyAcrossSites: (allows & 4) !== 0 };
}
