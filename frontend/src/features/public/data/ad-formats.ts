export interface AdFormat {
  name: string;
  /** Left out where the format adapts to its placement. */
  size?: string;
  position?: string;
  cpm: string;
}

export interface AdFormatCategory {
  name: string;
  description: string;
  formats: AdFormat[];
}

export const adFormatCategories: AdFormatCategory[] = [
  {
    name: "Display Banners",
    description: "Classic image and HTML banners in the standard IAB sizes.",
    formats: [
      { name: "Leaderboard", size: "728x90", position: "Header/Footer", cpm: "$3.50-$5.20" },
      { name: "Medium Rectangle", size: "300x250", cpm: "$4.20-$6.80" },
      { name: "Large Rectangle", size: "336x280", cpm: "$3.80-$5.60" },
      { name: "Wide Skyscraper", size: "160x600", cpm: "$2.90-$4.40" },
      { name: "Billboard", size: "970x250", cpm: "$5.80-$8.20" },
    ],
  },
  {
    name: "Mobile Ads",
    description: "Formats built for small screens and touch.",
    formats: [
      { name: "Mobile Banner", size: "320x50", cpm: "$2.40-$3.80" },
      { name: "Mobile Leaderboard", size: "320x100", cpm: "$3.20-$4.60" },
      { name: "Mobile Rectangle", size: "300x250", cpm: "$4.80-$6.40" },
      { name: "Mobile Interstitial", size: "320x480", cpm: "$6.50-$9.20" },
    ],
  },
  {
    name: "Video Ads",
    description: "In-player and out-of-player video with the highest engagement.",
    formats: [
      { name: "Pre-roll", cpm: "$8.50-$12.80" },
      { name: "Mid-roll", cpm: "$7.20-$10.60" },
      { name: "Outstream", size: "300x250+", cpm: "$6.80-$9.40" },
      { name: "Video Banner", size: "728x90", cpm: "$5.20-$7.80" },
    ],
  },
  {
    name: "Native Ads",
    description: "Ads that match the look and feel of the surrounding content.",
    formats: [
      { name: "In-Feed", cpm: "$4.60-$7.20" },
      { name: "Content Recommendation", cpm: "$3.80-$5.60" },
      { name: "Promoted Listings", cpm: "$5.40-$8.80" },
      { name: "Sponsored Content", cpm: "$6.20-$9.60" },
    ],
  },
  {
    name: "Rich Media",
    description: "Interactive, expanding and full-screen experiences.",
    formats: [
      { name: "Expandable Banner", size: "300x250 to 600x500", cpm: "$7.80-$11.20" },
      { name: "Floating Ad", cpm: "$8.40-$12.60" },
      { name: "Interstitial", cpm: "$9.20-$14.80" },
      { name: "Push Down", size: "970x250+", cpm: "$10.60-$15.40" },
    ],
  },
];

export const optimizationTips = {
  publishers: [
    "Place at least one unit above the fold, such as a leaderboard in the header.",
    "Mix display, native and video units so every kind of demand can compete.",
    "Keep page speed high: slow pages lose viewability and revenue.",
    "Give mobile visitors mobile formats rather than scaled-down desktop banners.",
  ],
  advertisers: [
    "Start with several creatives per campaign and keep the best performers.",
    "Use rich media and video where engagement matters more than reach.",
    "Target by country and quality tier to balance CPM against volume.",
    "Remember that changed creatives go back through approval before they run.",
  ],
};
