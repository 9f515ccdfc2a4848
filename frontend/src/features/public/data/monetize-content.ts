import { BarChartIcon, DollarIcon, GlobeIcon, PlugIcon, ShieldIcon, TrendingUpIcon } from "../../../components/icons";

export const monetizeBenefits = [
  { icon: DollarIcon, title: "High Revenue Share", text: "Keep up to 85% of the revenue your traffic earns." },
  { icon: TrendingUpIcon, title: "Performance Optimization", text: "AI-powered optimization finds the best-paying ad for every impression." },
  { icon: GlobeIcon, title: "Global Demand", text: "Advertisers in 180+ countries compete for your inventory." },
  { icon: ShieldIcon, title: "Brand Safety", text: "Every campaign is reviewed, so only appropriate ads appear on your site." },
  { icon: PlugIcon, title: "Fast Integration", text: "Paste an ad tag and start earning within 24 hours of approval." },
  { icon: BarChartIcon, title: "Real-time Analytics", text: "See impressions, clicks and revenue for each site and zone as they happen." },
];

export const revenuePotential = [
  { traffic: "100K", label: "monthly pageviews", earnings: "$800-$1,500" },
  { traffic: "500K", label: "monthly pageviews", earnings: "$4,000-$8,000" },
  { traffic: "1M+", label: "monthly pageviews", earnings: "$10,000+" },
];

export const publisherRequirements = [
  "Minimum 10,000 monthly pageviews",
  "Original, high-quality content",
  "Compliance with our content policies",
  "Valid website ownership verification",
  "Organic, non-incentivized traffic",
];

export const paymentTerms = [
  { label: "Schedule", value: "Monthly, Net-30" },
  { label: "Minimum payout", value: "$100" },
  { label: "Methods", value: "Bank transfer, PayPal, wire transfer" },
  { label: "Revenue share", value: "Up to 85%" },
];
