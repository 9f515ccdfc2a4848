import { BarChartIcon, CpuIcon, FlagIcon, GlobeIcon, TargetIcon, UsersIcon } from "../../../components/icons";

export const campaignFeatures = [
  { icon: TargetIcon, title: "Advanced Targeting", text: "Target by country, device, browser, language, site category, keywords, hours and your own audiences." },
  { icon: BarChartIcon, title: "Real-time Analytics", text: "Track impressions, clicks, CTR and spend as they happen." },
  { icon: CpuIcon, title: "Auto-Optimization", text: "AI-powered optimization: set a target cost per conversion or click, and the engine sets your bid for each placement and drops the ones that spend without results." },
  { icon: GlobeIcon, title: "Global Reach", text: "10.8B+ monthly impressions across 180+ countries." },
  { icon: UsersIcon, title: "Audience Insights", text: "See the sites, topics, devices, countries and hours where your ads and audiences do better than the network's average." },
  { icon: FlagIcon, title: "Performance Tracking", text: "Measure conversions and results against your goals." },
];

export const campaignTypes = [
  { name: "Display", text: "Banners across thousands of publisher sites." },
  { name: "Video", text: "Pre-roll, mid-roll and outstream video." },
  { name: "Native", text: "Ads that blend into the content around them." },
  { name: "Mobile", text: "Formats built for phones and tablets." },
  { name: "Retargeting", text: "Show your ads again to visitors of your own site who agreed to it." },
  { name: "Lookalike", text: "Reach new people on the sites, topics and hours where your own visitors are found most." },
];

/** What a campaign can be aimed by: the rules the ad server applies to each one. */
export const targetingOptions = [
  { name: "Countries", text: "Show your ads to visitors from the countries you choose, or from everywhere." },
  { name: "Ad Format and Size", text: "Creatives run only in zones of their own format and size, so every ad fits its place." },
  { name: "Flight Dates", text: "Choose the days your campaign starts and ends; it runs between them and no longer." },
  { name: "Daily Pacing", text: "Your budget is spread over the days of the flight instead of running out on the first one." },
  { name: "Devices, Browsers and Languages", text: "Reach phones, tablets or desktops, the browsers and systems you choose, in the languages your visitors read." },
  { name: "Sites, Topics and Keywords", text: "Pick the sites and zones, the site categories or the page keywords your ads belong beside." },
  { name: "Hours of the Week", text: "Run at the hours and on the days that work for you, in your own time zone." },
  { name: "Audiences", text: "Show your ads to, or keep them from, the visitors your audience pixel has seen, where they agreed to it." },
];

export const setupSteps = [
  { title: "Define Goals", text: "Choose your objective, budget and CPM. The minimum budget is $500." },
  { title: "Create Ads", text: "Upload image, video or HTML creatives for review." },
  { title: "Launch & Monitor", text: "Approved campaigns go live within 2-4 hours; watch results in real time." },
  { title: "Optimize", text: "Adjust budget and targeting; changes take effect within 15 minutes." },
];

export const pricingModels = [
  { name: "CPM", text: "Pay per thousand impressions. Average CPM across the network is $3.48." },
  { name: "CPC", text: "Pay only when someone clicks your ad." },
];
