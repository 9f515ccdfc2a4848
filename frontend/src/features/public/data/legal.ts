export interface LegalDocument {
  title: string;
  lastUpdated: string;
  intro: string;
  sections: { heading: string; body: string }[];
}

const LAST_UPDATED = "December 2024";

export const privacyPolicy: LegalDocument = {
  title: "Privacy Policy",
  lastUpdated: LAST_UPDATED,
  intro:
    "This policy explains what personal data AdNet collects, why we collect it and the choices you have. It applies to our website, dashboards and ad-serving services.",
  sections: [
    {
      heading: "Information We Collect",
      body: "Account data you give us (full name, email address, password and role), details of the websites and campaigns you submit, messages you send through our contact form, and technical data such as IP address, browser type and device information.",
    },
    {
      heading: "How We Use Information",
      body: "To create and secure your account, review sites and campaigns, serve and measure ads, calculate publisher earnings and advertiser spend, answer your questions and improve our services.",
    },
    {
      heading: "Ad Serving and Measurement",
      body: "When our ad tags load on a publisher's page we record impressions and clicks so that publishers can be paid and advertisers can see their results. This data is used in aggregate and to prevent fraud.",
    },
    {
      heading: "Cookies and Similar Technologies",
      body: "We use cookies and local storage to keep you signed in, remember your preferences and measure ad performance. You can block cookies in your browser, but some features may then stop working.",
    },
    {
      heading: "Legal Bases for Processing",
      body: "We process personal data to perform our contract with you, to meet legal obligations, with your consent where required, and for our legitimate interests in running a safe and effective ad network.",
    },
    {
      heading: "Sharing of Information",
      body: "We do not sell your personal data. We share it only with service providers who help us operate the platform, with payment providers to process payouts and charges, and with authorities when the law requires it.",
    },
    {
      heading: "International Transfers",
      body: "Our services operate in more than 180 countries. Where data is transferred outside the country in which it was collected, we apply safeguards required by applicable data protection law.",
    },
    {
      heading: "Data Retention",
      body: "We keep account data while your account is active and for as long as needed afterwards to meet legal, tax and accounting obligations. Aggregated statistics may be kept longer.",
    },
    {
      heading: "Data Security",
      body: "Passwords are stored only as secure hashes, traffic is encrypted in transit, and access to personal data is limited to staff who need it. No system is perfectly secure, so please keep your password private.",
    },
    {
      heading: "Your Rights",
      body: "Subject to applicable law, including the Turkish Personal Data Protection Law (KVKK), you may request access to, correction or deletion of your personal data, object to processing or ask for a copy of your data.",
    },
    {
      heading: "Children's Privacy",
      body: "Our services are intended for businesses and are not directed at children under 18. We do not knowingly collect personal data from children.",
    },
    {
      heading: "Changes to This Policy",
      body: "We may update this policy from time to time. We will post the new version on this page with a new date and, for significant changes, notify account holders by email.",
    },
    {
      heading: "Governing Law",
      body: "This policy is governed by the laws of the Republic of Turkey. Any dispute arising from it shall be finally resolved by arbitration in Istanbul, Turkey.",
    },
    {
      heading: "Contact Us",
      body: "Questions about this policy or your data can be sent through the Contact form on our website or via the Help Center. We reply within 24 hours.",
    },
  ],
};

export const termsOfService: LegalDocument = {
  title: "Terms of Service",
  lastUpdated: LAST_UPDATED,
  intro:
    "These terms govern your use of the AdNet ad network marketplace. By creating an account or using our services you agree to them.",
  sections: [
    {
      heading: "Acceptance of Terms",
      body: "By registering or using AdNet you confirm that you have read and accept these terms and our Privacy Policy. If you act for a company, you confirm you may bind it to these terms.",
    },
    {
      heading: "Description of Service",
      body: "AdNet connects publishers, who sell ad space on their websites, with advertisers, who buy traffic through campaigns. Administrators review sites and campaigns before they run.",
    },
    {
      heading: "Accounts and Eligibility",
      body: "You must give accurate information and keep your password secret. Self-registration is available for publisher and advertiser accounts. Identity verification is required for all accounts, and approval normally takes 24-48 hours for publishers and 12-24 hours for advertisers.",
    },
    {
      heading: "Publisher Obligations",
      body: "Publishers must have at least 10,000 monthly pageviews, original high-quality content, verified ownership of their websites and organic, non-incentivized traffic. Sites are reviewed within 24 hours and only approved sites may serve ads.",
    },
    {
      heading: "Advertiser Obligations",
      body: "Advertisers need a minimum budget of $500 and are responsible for the lawfulness and accuracy of their ads. Campaigns and creatives are reviewed before they run, and changed creatives require re-approval.",
    },
    {
      heading: "Content Policies",
      body: "Illegal, misleading, malicious, hateful or adult content is not allowed on publisher sites or in ads. We may refuse, pause or remove any site, campaign or creative that breaks these policies.",
    },
    {
      heading: "Payments to Publishers",
      body: "Publishers earn a revenue share of up to 85%. Payments are made monthly on Net-30 terms by bank transfer, PayPal or wire transfer once the balance reaches the $100 minimum payout.",
    },
    {
      heading: "Billing for Advertisers",
      body: "Campaigns are billed on a CPM or CPC basis. Advertisers may fund their account by credit card, bank transfer or prepaid balance. Charges are based on our measurement of impressions and clicks.",
    },
    {
      heading: "Invalid Traffic and Fraud",
      body: "Artificial impressions, clicks from bots or incentivized users and any attempt to manipulate statistics are prohibited. Earnings from invalid traffic are withheld and the account may be closed.",
    },
    {
      heading: "Intellectual Property",
      body: "AdNet keeps all rights in the platform, its software and its brand. You keep the rights in your content and give us a licence to display and serve it as needed to provide the service.",
    },
    {
      heading: "Limitation of Liability",
      body: "The service is provided as is. To the extent permitted by law, AdNet is not liable for indirect or consequential losses, and our total liability is limited to the fees paid or earned in the three months before the claim.",
    },
    {
      heading: "Suspension and Termination",
      body: "You may close your account at any time. We may suspend or terminate accounts that breach these terms. Balances earned from valid traffic before termination remain payable.",
    },
    {
      heading: "Governing Law and Disputes",
      body: "These terms are governed by the laws of the Republic of Turkey. Any dispute arising from or in connection with them shall be finally resolved by arbitration in Istanbul, Turkey.",
    },
    {
      heading: "Changes and Contact",
      body: "We may change these terms and will post the new version here with a new date. Questions can be sent through the Contact form or the Help Center; we reply within 24 hours.",
    },
  ],
};
