import { BarChartIcon, GlobeIcon, ShieldIcon, SlidersIcon, TargetIcon, ZapIcon } from "../../../components/icons";

export const landingStats = [
  { value: "15,000+", label: "Active Publishers" },
  { value: "2.5B+", label: "Monthly Impressions" },
  { value: "180+", label: "Countries" },
  { value: "95%+", label: "Fill Rate" },
];

export const globalResults = [
  { value: "99.2%", label: "Uptime", text: "Ads are served around the clock without interruption." },
  { value: "24/7", label: "Support", text: "Our team answers publishers and advertisers at any hour." },
  { value: "180+", label: "Countries", text: "Reach audiences on every continent from a single account." },
];

export const landingFeatures = [
  {
    icon: TargetIcon,
    title: "Precision Targeting",
    text: "Reach the right audience by geography, demographics and behaviour.",
  },
  {
    icon: BarChartIcon,
    title: "Real-time Analytics",
    text: "Watch impressions, clicks and revenue as they happen.",
  },
  {
    icon: ShieldIcon,
    title: "Fraud Protection",
    text: "Every site and campaign is screened so you pay only for genuine traffic.",
  },
  {
    icon: ZapIcon,
    title: "Instant Activation",
    text: "Get started right away; a quick approval process keeps the network clean.",
  },
  {
    icon: SlidersIcon,
    title: "Optimization Engine",
    text: "Bids and targeting adjust automatically to get more from every impression.",
  },
  {
    icon: GlobeIcon,
    title: "Global Reach",
    text: "Publishers and advertisers in more than 180 countries.",
  },
];

export const howItWorksSteps = [
  {
    title: "Sign Up & Verify",
    text: "Create a publisher or advertiser account. Verification takes under 24 hours.",
  },
  {
    title: "Launch & Optimize",
    text: "Publishers integrate ad zones on their sites; advertisers create campaigns and upload creatives.",
  },
  {
    title: "Track & Earn",
    text: "Follow performance in real time and grow your revenue or your results.",
  },
];

export const whyChooseUs = [
  { title: "Verified in under 24 hours", text: "Start working with the network within a day of signing up." },
  { title: "Quality you can trust", text: "Every site and campaign is reviewed before it goes live." },
  { title: "Transparent reporting", text: "Real-time statistics for every site, zone and campaign." },
  { title: "People who answer", text: "24/7 support from a team that knows ad tech." },
];

export const testimonials = [
  {
    quote:
      "Within two months of joining, our ad revenue overtook every other network we had tried. The dashboard makes it easy to see which zones perform.",
    name: "Sarah Mitchell",
    role: "Founder, TechPulse Blog",
  },
  {
    quote:
      "The targeting options let us reach exactly the markets we wanted, and the real-time analytics showed results from day one.",
    name: "Emre Aydın",
    role: "Marketing Director, ShopNova",
  },
  {
    quote:
      "Approval was quick, the ad tags took minutes to install and payments arrive on time every month.",
    name: "Laura Chen",
    role: "Publisher, Daily Recipes Hub",
  },
];
