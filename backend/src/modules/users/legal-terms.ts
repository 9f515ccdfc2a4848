/**
 * The versions of the Terms of Service and the Privacy Policy a new account accepts, recorded on the
 * account with the time. Change one when its page changes: accounts keep the version they accepted.
 */
export const LEGAL_VERSIONS = { termsOfService: "2024-12", privacyPolicy: "2024-12" } as const;
