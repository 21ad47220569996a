import type { RouteObject } from "react-router-dom";
import { RootLayout } from "@/components/layout/root-layout";
import { LoadingState } from "@/components/ui/spinner";
import { routePatterns } from "@/config/paths";
import { PageErrorScreen, RootErrorScreen } from "./route-error-screen";

/** Route id of the group holding every page; tests add throwing pages to it. */
export const PAGES_ROUTE_ID = "pages";

function PageLoading() {
  return <LoadingState className="min-h-[50vh]" />;
}

/**
 * The one route table. Pages are lazy modules (src/app/routes/*) so the first load carries only
 * the layout and the page being opened. Routes of config/paths.ts that are not built yet are
 * deliberately absent: they land on the 404 page until their feature exists.
 */
export function createRoutes(): RouteObject[] {
  return [
    {
      id: "root",
      Component: RootLayout,
      ErrorBoundary: RootErrorScreen,
      children: [
        {
          id: PAGES_ROUTE_ID,
          // Page errors and the first page load render inside the layout, so the header stays.
          ErrorBoundary: PageErrorScreen,
          HydrateFallback: PageLoading,
          children: [
            { index: true, lazy: () => import("./routes/home") },
            { path: routePatterns.help, lazy: () => import("./routes/help") },
            { path: routePatterns.styleguide, lazy: () => import("./routes/styleguide") },
            { path: routePatterns.profileSetup, lazy: () => import("./routes/profile-setup") },
            { path: routePatterns.profileEdit, lazy: () => import("./routes/profile-edit") },
            // /profile/setup and /profile/edit still win: static segments outrank :id.
            { path: routePatterns.profile, lazy: () => import("./routes/profile") },
            { path: routePatterns.settings, lazy: () => import("./routes/settings") },
            { path: routePatterns.notifications, lazy: () => import("./routes/notifications") },
            { path: routePatterns.projects, lazy: () => import("./routes/projects") },
            { path: routePatterns.project, lazy: () => import("./routes/project") },
            { path: routePatterns.submit, lazy: () => import("./routes/submit") },
            { path: routePatterns.challenges, lazy: () => import("./routes/challenges") },
            // /challenges/create wins over :id (static segments outrank parameters).
            { path: routePatterns.challengeCreate, lazy: () => import("./routes/challenge-create") },
            { path: routePatterns.challenge, lazy: () => import("./routes/challenge") },
            { path: "*", lazy: () => import("./routes/not-found") },
          ],
        },
      ],
    },
  ];
}
