import { lazy } from "react";
import type { RouteObject } from "react-router";
import { AudienceLoginPage, LandingPage } from "../features/public/pages/landing-page";
import { NotFoundPage } from "../features/public/pages/not-found-page";
import { needingApollo } from "../lib/lazy-apollo";
import { RootLayout } from "./root-layout";
import { DashboardRedirect, RedirectSignedIn, RequireRole, RequireSignedIn } from "./route-guards";
import { audienceLoginRoutes } from "../lib/static-routes";

// Everything but the landing page is split off, so a first visit downloads only what it shows.
const PublisherDashboardPage = lazy(
  needingApollo(() =>
    import("../features/publisher/pages/publisher-dashboard-page").then((m) => ({ default: m.PublisherDashboardPage })),
  ),
);
const AdvertiserDashboardPage = lazy(
  needingApollo(() =>
    import("../features/advertiser/pages/advertiser-dashboard-page").then((m) => ({
      default: m.AdvertiserDashboardPage,
    })),
  ),
);
const AdminDashboardPage = lazy(
  needingApollo(() =>
    import("../features/admin/pages/admin-dashboard-page").then((m) => ({ default: m.AdminDashboardPage })),
  ),
);
const AdminUserPage = lazy(
  needingApollo(() => import("../features/admin/pages/admin-user-page").then((m) => ({ default: m.AdminUserPage }))),
);
const SettingsPage = lazy(
  needingApollo(() => import("../features/settings/pages/settings-page").then((m) => ({ default: m.SettingsPage }))),
);
const TrafficInventoryPage = lazy(() =>
  import("../features/public/pages/traffic-inventory-page").then((m) => ({ default: m.TrafficInventoryPage })),
);
const TrafficByRegionPage = lazy(() =>
  import("../features/public/pages/traffic-by-region-page").then((m) => ({ default: m.TrafficByRegionPage })),
);
const MonetizePage = lazy(() =>
  import("../features/public/pages/monetize-page").then((m) => ({ default: m.MonetizePage })),
);
const AdFormatsPage = lazy(() =>
  import("../features/public/pages/ad-formats-page").then((m) => ({ default: m.AdFormatsPage })),
);
const CampaignManagementPage = lazy(() =>
  import("../features/public/pages/campaign-management-page").then((m) => ({ default: m.CampaignManagementPage })),
);
const HelpCenterPage = lazy(() =>
  import("../features/public/pages/help-center-page").then((m) => ({ default: m.HelpCenterPage })),
);
const VerifyEmailPage = lazy(
  needingApollo(() => import("../features/auth/pages/verify-email-page").then((m) => ({ default: m.VerifyEmailPage }))),
);
const ResetPasswordPage = lazy(
  needingApollo(() => import("../features/auth/pages/reset-password-page").then((m) => ({ default: m.ResetPasswordPage }))),
);
const LegalPage = lazy(() => import("../features/public/pages/legal-page").then((m) => ({ default: m.LegalPage })));

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      { path: "/", element: <RedirectSignedIn><LandingPage /></RedirectSignedIn> },
      ...Object.entries(audienceLoginRoutes).map(([path, audience]) => ({
        path,
        element: (
          <RedirectSignedIn>
            <AudienceLoginPage audience={audience} />
          </RedirectSignedIn>
        ),
      })),
      { path: "/dashboard", element: <DashboardRedirect /> },
      { path: "/verify-email", element: <VerifyEmailPage /> },
      { path: "/reset-password", element: <ResetPasswordPage /> },
      { path: "/publisher/:tab?", element: <RequireRole role="PUBLISHER"><PublisherDashboardPage /></RequireRole> },
      { path: "/advertiser/:tab?", element: <RequireRole role="ADVERTISER"><AdvertiserDashboardPage /></RequireRole> },
      { path: "/admin/users/:id", element: <RequireRole role="ADMIN"><AdminUserPage /></RequireRole> },
      { path: "/admin/:tab?", element: <RequireRole role="ADMIN"><AdminDashboardPage /></RequireRole> },
      { path: "/settings", element: <RequireSignedIn><SettingsPage /></RequireSignedIn> },
      { path: "/traffic-inventory", element: <TrafficInventoryPage /> },
      { path: "/traffic-by-region", element: <TrafficByRegionPage /> },
      { path: "/monetize-traffic", element: <MonetizePage /> },
      { path: "/payment-terms", element: <MonetizePage /> },
      { path: "/ad-formats", element: <AdFormatsPage /> },
      { path: "/campaign-management", element: <CampaignManagementPage /> },
      { path: "/targeting-options", element: <CampaignManagementPage /> },
      { path: "/pricing-models", element: <CampaignManagementPage /> },
      { path: "/help-center", element: <HelpCenterPage /> },
      { path: "/contact-support", element: <HelpCenterPage /> },
      { path: "/privacy-policy", element: <LegalPage document="privacy" /> },
      { path: "/terms-of-service", element: <LegalPage document="terms" /> },
      { path: "*", element: <NotFoundPage /> },
    ],
  },
];
