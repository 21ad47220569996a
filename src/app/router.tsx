import { lazy, Suspense, type ComponentType } from "react";
import { Outlet, type RouteObject } from "react-router-dom";
import { LoadingState } from "@/components/ui/spinner";
import { routePatterns } from "@/config/paths";
import { trackPageDownload } from "./page-downloads";
import { RootLayout } from "./root-layout";
import { RouteErrorBoundary } from "./route-error-boundary";
import { ScrollRestoration } from "./scroll-restoration";

/** Route id of the group holding every page; tests add throwing pages to it. */
export const PAGES_ROUTE_ID = "pages";

// Each page is its own module (src/app/routes/*), downloaded when first shown, so the first
// load carries only the layout and the page being opened.
const page = (download: () => Promise<{ default: ComponentType }>) => lazy(() => trackPageDownload(download()));
const HomePage = page(() => import("./routes/home"));
const HelpPage = page(() => import("./routes/help"));
const StyleguidePage = page(() => import("./routes/styleguide"));
const ProfileSetupPage = page(() => import("./routes/profile-setup"));
const ProfileEditPage = page(() => import("./routes/profile-edit"));
const ProfilePage = page(() => import("./routes/profile"));
const SettingsPage = page(() => import("./routes/settings"));
const NotificationsPage = page(() => import("./routes/notifications"));
const FollowingPage = page(() => import("./routes/following"));
const SavedPage = page(() => import("./routes/saved"));
const DashboardPage = page(() => import("./routes/dashboard"));
const DashboardWorkPage = page(() => import("./routes/dashboard-work"));
const RankingPage = page(() => import("./routes/ranking"));
const GalleryPage = page(() => import("./routes/projects"));
const TagPage = page(() => import("./routes/tag"));
const ToolsPage = page(() => import("./routes/tools"));
const ToolPage = page(() => import("./routes/tool"));
const WorkPage = page(() => import("./routes/project"));
const SubmitPage = page(() => import("./routes/submit"));
const ChallengesPage = page(() => import("./routes/challenges"));
const CreateChallengePage = page(() => import("./routes/challenge-create"));
const ChallengePage = page(() => import("./routes/challenge"));
const ChallengeResultsPage = page(() => import("./routes/challenge-results"));
const AdminPage = page(() => import("./routes/admin"));
const AdminLogPage = page(() => import("./routes/admin-log"));
const NotFoundPage = page(() => import("./routes/not-found"));

/**
 * Where every page renders, inside the layout. While the first page's code downloads, a
 * spinner; when a later page's code downloads, the router's transition keeps the current page
 * (with the progress bar) instead. A page that throws shows the error screen here, header kept.
 */
function Pages() {
  return (
    <Suspense fallback={<LoadingState className="min-h-[50vh]" />}>
      <RouteErrorBoundary>
        <Outlet />
      </RouteErrorBoundary>
      <ScrollRestoration />
    </Suspense>
  );
}

/**
 * The one route table. Routes of config/paths.ts that are not built yet are deliberately
 * absent: they land on the 404 page until their feature exists.
 */
export function createRoutes(): RouteObject[] {
  return [
    {
      id: "root",
      // An error in the layout itself leaves nothing of the page: the error screen fills it.
      element: (
        <RouteErrorBoundary fullScreen>
          <RootLayout />
        </RouteErrorBoundary>
      ),
      children: [
        {
          id: PAGES_ROUTE_ID,
          element: <Pages />,
          children: [
            { index: true, Component: HomePage },
            { path: routePatterns.help, Component: HelpPage },
            { path: routePatterns.styleguide, Component: StyleguidePage },
            { path: routePatterns.profileSetup, Component: ProfileSetupPage },
            { path: routePatterns.profileEdit, Component: ProfileEditPage },
            // /profile/setup and /profile/edit still win: static segments outrank :id.
            { path: routePatterns.profile, Component: ProfilePage },
            { path: routePatterns.settings, Component: SettingsPage },
            { path: routePatterns.notifications, Component: NotificationsPage },
            { path: routePatterns.following, Component: FollowingPage },
            { path: routePatterns.saved, Component: SavedPage },
            { path: routePatterns.dashboard, Component: DashboardPage },
            { path: routePatterns.dashboardWork, Component: DashboardWorkPage },
            { path: routePatterns.ranking, Component: RankingPage },
            { path: routePatterns.projects, Component: GalleryPage },
            { path: routePatterns.project, Component: WorkPage },
            { path: routePatterns.tag, Component: TagPage },
            { path: routePatterns.tools, Component: ToolsPage },
            { path: routePatterns.tool, Component: ToolPage },
            { path: routePatterns.submit, Component: SubmitPage },
            { path: routePatterns.challenges, Component: ChallengesPage },
            // /challenges/create wins over :id (static segments outrank parameters).
            { path: routePatterns.challengeCreate, Component: CreateChallengePage },
            { path: routePatterns.challenge, Component: ChallengePage },
            { path: routePatterns.challengeResults, Component: ChallengeResultsPage },
            { path: routePatterns.admin, Component: AdminPage },
            { path: routePatterns.adminLog, Component: AdminLogPage },
            { path: "*", Component: NotFoundPage },
          ],
        },
      ],
    },
  ];
}
