/** Why a signed-in account may only finish its own setup for now, with the sentence it is refused with. */
export const LIMITATION_MESSAGES = {
  pending_approval: "Your account is waiting for an administrator's approval",
  two_factor_enrolment: "Set up two-factor sign-in first: administrators must use it",
} as const;

export type Limitation = keyof typeof LIMITATION_MESSAGES;
