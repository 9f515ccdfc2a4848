import { Suspense } from "react";
import { Outlet, ScrollRestoration } from "react-router";
import { FullPageSpinner } from "../components/ui/full-page-spinner";
import { AuthDialogProvider } from "../features/auth/auth-dialog-provider";
import { ContactDialogProvider } from "../features/contact/contact-dialog-provider";

/** The dialogs live inside the router because a successful login navigates. */
export function RootLayout() {
  return (
    <AuthDialogProvider>
      <ContactDialogProvider>
        <Suspense fallback={<FullPageSpinner />}>
          <Outlet />
        </Suspense>
        <ScrollRestoration />
      </ContactDialogProvider>
    </AuthDialogProvider>
  );
}
