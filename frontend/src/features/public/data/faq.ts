import { BookIcon, MessageIcon, VideoIcon } from "../../../components/icons";

export interface FaqCategory {
  name: string;
  questions: { question: string; answer: string }[];
}

export const faqCategories: FaqCategory[] = [
  {
    name: "Getting Started",
    questions: [
      {
        question: "How do I create an account?",
        answer:
          "Click Get Started on the home page, choose whether you are a publisher or an advertiser, and fill in your name, email and a password. Admin accounts cannot be self-registered.",
      },
      {
        question: "How does account approval work?",
        answer:
          "There are three steps: registration, e-mail verification and approval. Approval takes 24-48 hours for publishers and 12-24 hours for advertisers; complex cases can take up to 5 business days. Identity verification is required for all accounts.",
      },
      {
        question: "What do I need to join?",
        answer:
          "Publishers need at least 10,000 monthly pageviews of original content with organic traffic. Advertisers need a minimum budget of $500.",
      },
    ],
  },
  {
    name: "Publishers",
    questions: [
      {
        question: "How long does site review take?",
        answer:
          "Sites are reviewed within 24 hours of submission. Once a site is approved you can create ad zones for it and start earning.",
      },
      {
        question: "When and how do I get paid?",
        answer:
          "Payments are monthly on Net-30 terms by bank transfer, PayPal or wire transfer. The minimum payout is $100.",
      },
      {
        question: "How much can I earn?",
        answer:
          "Publishers keep up to 85% revenue share. As a guide, 100K monthly pageviews earn $800-$1,500 per month, 500K earn $4,000-$8,000, and 1M+ earn $10,000 or more.",
      },
    ],
  },
  {
    name: "Advertisers",
    questions: [
      {
        question: "How quickly do campaigns go live?",
        answer:
          "A new campaign is submitted for approval. Once approved, it goes live within 2-4 hours.",
      },
      {
        question: "Can I change a running campaign?",
        answer:
          "Budget and targeting changes take effect within 15 minutes. Changed creatives need re-approval before they run again.",
      },
      {
        question: "How am I billed?",
        answer:
          "Campaigns are billed by CPM or CPC. You can fund your account by credit card, bank transfer or prepaid balance; the minimum budget is $500.",
      },
    ],
  },
  {
    name: "Technical",
    questions: [
      {
        question: "How do I put ads on my site?",
        answer:
          "Create an ad zone for an approved site and copy its ad tag. Paste the snippet where the ad should appear; it loads our script and fills the zone at the size you chose.",
      },
      {
        question: "Which ad sizes are supported?",
        answer:
          "New zones default to a 728x90 banner in the header. You can choose banner, video or native formats and header, sidebar, footer or content positions.",
      },
      {
        question: "How do you protect against fraud?",
        answer:
          "Every site and campaign is reviewed before it runs, and traffic is monitored continuously so advertisers pay only for genuine impressions.",
      },
    ],
  },
];

export const helpResources = [
  {
    title: "Video Tutorials",
    icon: VideoIcon,
    text: "Step-by-step walkthroughs of setting up sites, ad zones and campaigns.",
  },
  {
    title: "Documentation",
    icon: BookIcon,
    text: "Guides to ad tags, targeting, reporting and payments.",
  },
  {
    title: "Community Forum",
    icon: MessageIcon,
    text: "Swap tips with other publishers and advertisers on the network.",
  },
];
