import { lazy, Suspense } from "react";
import { Outlet } from "react-router-dom";
import { ConnectionBanner } from "@/components/layout/connection-banner";
import { Footer } from "@/components/layout/footer";
import { Header } from "@/components/layout/header";
import { NavigationProgress } from "@/components/layout/navigation-progress";
import { CanonicalLink } from "@/components/seo/canonical-link";
import { HeaderAccount } from "@/features/auth/header-account";
import { HeaderNotifications } from "@/features/notifications/header-notifications";
import { useSignedInMark } from "@/lib/use-signed-in-mark";
import { useViewer } from "@/lib/use-viewer";

const SignedInEffects = lazy(() => import("./signed-in-shell").then((m) => ({ default: m.SignedInEffects })));
const SuspensionBanner = lazy(() => import("./signed-in-shell").then((m) => ({ default: m.SuspensionBanner })));

export const MAIN_CONTENT_ID = "main-content";

/** The frame of every page: skip link, header, the page, footer and the connection banner. */
export function RootLayout() {
  const { status } = useViewer();
  const signedIn = status === "signedIn";
  useSignedInMark(status);
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href={`#${MAIN_CONTENT_ID}`}
        className="sr-only z-50 rounded-lg bg-white px-4 py-2 font-semibold text-brand-700 shadow-lg focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        本文へスキップ
      </a>
      <CanonicalLink />
      <NavigationProgress />
      {signedIn && (
        <Suspense fallback={null}>
          <SignedInEffects />
        </Suspense>
      )}
      <Header
        userControls={
          <>
            <HeaderNotifications />
            <HeaderAccount />
          </>
        }
      />
      {signedIn && (
        <Suspense fallback={null}>
          <SuspensionBanner />
        </Suspense>
      )}
      {/* tabIndex lets the skip link move keyboard focus into the content. At least a screen
          tall (less the header): the footer starts below the fold, so content that arrives
          after the first paint never pushes it across the screen (layout shift). */}
      <main id={MAIN_CONTENT_ID} tabIndex={-1} className="min-h-[calc(100dvh-4rem)] flex-1 focus:outline-none">
        <Outlet />
      </main>
      <Footer />
      <ConnectionBanner />
    </div>
  );
}
