import { GlobeIcon, type IconComponent } from "../../../components/icons";

export type TrafficQuality = "Premium" | "High" | "Good" | "Volume";

export interface Country {
  name: string;
  traffic: string;
  cpm: string;
  quality: TrafficQuality;
}

export interface Region {
  id: string;
  name: string;
  icon: IconComponent;
  totalTraffic: string;
  avgCpm: string;
  countries: Country[];
}

export const inventoryHighlights = [
  { value: "10.8B+", label: "Monthly Impressions" },
  { value: "180+", label: "Countries" },
  { value: "$3.48", label: "Average CPM" },
  { value: "25,000+", label: "Active Publishers" },
];

export const regions: Region[] = [
  {
    id: "north-america",
    name: "North America",
    icon: GlobeIcon,
    totalTraffic: "2.8B",
    avgCpm: "$4.85",
    countries: [
      { name: "United States", traffic: "1.9B", cpm: "$5.20", quality: "Premium" },
      { name: "Canada", traffic: "420M", cpm: "$4.15", quality: "High" },
      { name: "Mexico", traffic: "480M", cpm: "$2.80", quality: "Good" },
    ],
  },
  {
    id: "europe",
    name: "Europe",
    icon: GlobeIcon,
    totalTraffic: "3.2B",
    avgCpm: "$3.45",
    countries: [
      { name: "United Kingdom", traffic: "380M", cpm: "$4.90", quality: "Premium" },
      { name: "Germany", traffic: "420M", cpm: "$4.20", quality: "Premium" },
      { name: "France", traffic: "350M", cpm: "$3.80", quality: "High" },
      { name: "Italy", traffic: "290M", cpm: "$3.10", quality: "High" },
      { name: "Spain", traffic: "280M", cpm: "$2.95", quality: "High" },
      { name: "Netherlands", traffic: "185M", cpm: "$4.60", quality: "Premium" },
      { name: "Turkey", traffic: "450M", cpm: "$1.85", quality: "Good" },
    ],
  },
  {
    id: "asia-pacific",
    name: "Asia Pacific",
    icon: GlobeIcon,
    totalTraffic: "4.8B",
    avgCpm: "$2.15",
    countries: [
      { name: "Japan", traffic: "520M", cpm: "$3.90", quality: "Premium" },
      { name: "Australia", traffic: "180M", cpm: "$4.40", quality: "Premium" },
      { name: "South Korea", traffic: "210M", cpm: "$3.20", quality: "High" },
      { name: "Singapore", traffic: "85M", cpm: "$3.80", quality: "Premium" },
      { name: "India", traffic: "1.8B", cpm: "$0.95", quality: "Volume" },
      { name: "Thailand", traffic: "280M", cpm: "$1.45", quality: "Good" },
      { name: "Indonesia", traffic: "890M", cpm: "$1.20", quality: "Volume" },
      { name: "Philippines", traffic: "320M", cpm: "$1.10", quality: "Volume" },
    ],
  },
];

const qualityPalettes: Record<string, string> = {
  Premium: "emerald",
  High: "blue",
  Good: "amber",
  Volume: "purple",
};

export const qualityPalette = (quality: string) => qualityPalettes[quality] ?? "gray";
