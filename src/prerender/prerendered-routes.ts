// Which routes the build prerenders (docs/architecture.md "Prerendering"), and how the browser
// finds the one it is on. Shared by the build (scripts/vite-prerender.ts) and the inline script it
// writes into index.html. With its extension: vite.config.ts loads this file through Node as well.
import { routePatterns } from "../config/paths.ts";

export type PrerenderedRoute = {
  /** The route table's pattern. */
  pattern: string;
  /** The path rendered for it (a made-up id for a route with parameters). */
  path: string;
  /** Its page module in the route table, whose chunk the HTML preloads. */
  pageModule: string;
};

/** A page as the build renders it. */
export type PrerenderedPage = {
  /** The <title> (and any other head elements) the page hoists, as HTML. */
  head: string;
  /** What goes inside <div id="root">. */
  body: string;
};

const route = (pattern: string, pageModule: string, path = pattern): PrerenderedRoute => ({ pattern, path, pageModule });

/** The home page: index.html itself, which static hosts also serve for every other path. */
export const HOME_ROUTE = route(routePatterns.home, "src/app/routes/home.tsx");

/**
 * The public pages a visitor can land on from outside, besides the home page. A page with a
 * parameter is rendered with a made-up one, so only pages that show nothing of it while they
 * load are here (a tag page shows its tag at once: it gets the frame of SHELL_ROUTE).
 */
export const PRERENDERED_ROUTES: PrerenderedRoute[] = [
  route(routePatterns.projects, "src/app/routes/projects.tsx"),
  route(routePatterns.project, "src/app/routes/project.tsx", "/projects/prerendered"),
  route(routePatterns.profile, "src/app/routes/profile.tsx", "/profile/prerendered"),
  route(routePatterns.challenges, "src/app/routes/challenges.tsx"),
  route(routePatterns.challenge, "src/app/routes/challenge.tsx", "/challenges/prerendered"),
  route(routePatterns.challengeResults, "src/app/routes/challenge-results.tsx", "/challenges/prerendered/results"),
  route(routePatterns.ranking, "src/app/routes/ranking.tsx"),
  route(routePatterns.tools, "src/app/routes/tools.tsx"),
  route(routePatterns.help, "src/app/routes/help.tsx"),
];

/**
 * Any other page (signed-in ones, the 404 page): the frame with a spinner where the page goes,
 * which is how those pages look until the viewer's session is known.
 */
export const SHELL_ROUTE = route("*", "src/app/routes/settings.tsx", routePatterns.settings);

/**
 * The pattern as a regular expression source, matching as the route table does: a static route
 * (/challenges/create) wins over a parameter (/challenges/:id).
 */
export function patternSource(pattern: string): string {
  const statics = Object.values(routePatterns).filter((p) => !p.includes(":"));
  const parts = pattern.split("/").slice(1);
  let source = "^";
  parts.forEach((part, index) => {
    if (!part.startsWith(":")) {
      source += `/${part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`;
      return;
    }
    // The static routes this parameter would otherwise swallow, e.g. /profile/setup.
    const prefix = `/${parts.slice(0, index).join("/")}/`.replace(/^\/\//, "/");
    const taken = statics
      .filter((p) => p.startsWith(prefix) && !p.slice(prefix.length).includes("/"))
      .map((p) => p.slice(prefix.length))
      .filter(Boolean);
    source += taken.length > 0 ? `/(?!(?:${taken.join("|")})/?$)[^/]+` : "/[^/]+";
  });
  return `${source}/?$`;
}
