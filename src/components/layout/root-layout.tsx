import { Outlet, ScrollRestoration } from "react-router-dom";
import { ProfileSetupRedirect } from "@/features/auth/profile-setup-redirect";
import { ConnectionBanner } from "./connection-banner";
import { Footer } from "./footer";
import { Header } from "./header";
import { NavigationProgress } from "./navigation-progress";

export const MAIN_CONTENT_ID = "main-content";

export function RootLayout() {
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href={`#${MAIN_CONTENT_ID}`}
        className="sr-only z-50 rounded-lg bg-white px-4 py-2 font-semibold text-brand-700 shadow-lg focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        本文へスキップ
      </a>
      <NavigationProgress />
      <ProfileSetupRedirect />
      <Header />
      {/* tabIndex lets the skip link move keyboard focus into the content. */}
      <main id={MAIN_CONTENT_ID} tabIndex={-1} className="flex-1 focus:outline-none">
        <Outlet />
      </main>
      <Footer />
      <ConnectionBanner />
      <ScrollRestoration />
    </div>
  );
}
