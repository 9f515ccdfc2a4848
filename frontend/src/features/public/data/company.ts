/** Contact details shown in the landing footer. Placeholders until the business supplies real ones. */
export const company = {
  name: "AdNet",
  address: ["AdNet Technologies", "Büyükdere Caddesi No: 100", "34394 Şişli, Istanbul, Turkey"],
  phone: "+90 212 555 01 00",
  supportEmail: "support@adnet.example",
};

export const companyPhoneHref = `tel:${company.phone.replace(/\s/g, "")}`;

export const footerColumns = [
  {
    title: "Publishers",
    links: [
      { label: "Monetize Traffic", to: "/monetize-traffic" },
      { label: "Ad Formats", to: "/ad-formats" },
      { label: "Payment Terms", to: "/payment-terms" },
      { label: "Publisher Login", to: "/publisher-login" },
    ],
  },
  {
    title: "Advertisers",
    links: [
      { label: "Campaign Management", to: "/campaign-management" },
      { label: "Targeting Options", to: "/targeting-options" },
      { label: "Pricing Models", to: "/pricing-models" },
      { label: "Advertiser Login", to: "/advertiser-login" },
    ],
  },
  {
    title: "Support",
    links: [
      { label: "Help Center", to: "/help-center" },
      { label: "Contact Support", to: "/contact-support" },
      { label: "Privacy Policy", to: "/privacy-policy" },
      { label: "Terms of Service", to: "/terms-of-service" },
    ],
  },
];
