export const contactSubjects = [
  { value: "general", label: "General Inquiry" },
  { value: "publisher", label: "Publisher Partnership" },
  { value: "advertiser", label: "Advertiser Account" },
  { value: "support", label: "Technical Support" },
  { value: "billing", label: "Billing Question" },
] as const;

export type ContactSubject = (typeof contactSubjects)[number]["value"];
