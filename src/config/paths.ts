/**
 * Every route of the product (docs/product.md) in one place: `routePatterns` feeds the router,
 * `paths` builds links. Both share keys, so a route cannot be added to one and forgotten in the
 * other. A route listed here is not necessarily registered yet: unbuilt ones fall to the 404 page.
 */

export type ProjectsSearch = { search?: string };
export type SubmitSearch = { edit?: string; challengeId?: string; draft?: string };

/** Builds "?a=1&b=2" from the defined, non-blank values; "" when there are none. */
function queryString(params: Record<string, string | undefined>): string {
  const parts = Object.entries(params)
    .filter((entry): entry is [string, string] => entry[1] !== undefined && entry[1].trim() !== "")
    .map(([key, value]) => `${key}=${encodeURIComponent(value.trim())}`);
  return parts.length > 0 ? `?${parts.join("&")}` : "";
}

const segment = (value: string) => encodeURIComponent(value);

export const paths = {
  home: () => "/",
  projects: (search: ProjectsSearch = {}) => `/projects${queryString(search)}`,
  project: (id: string) => `/projects/${segment(id)}`,
  /** id is the user's custom userId or their internal id. */
  profile: (id: string) => `/profile/${segment(id)}`,
  profileSetup: () => "/profile/setup",
  profileEdit: () => "/profile/edit",
  settings: () => "/settings",
  notifications: () => "/notifications",
  /** Works by the creators the viewer follows (フォロー中). */
  following: () => "/following",
  /** The viewer's saved works (ストック). */
  saved: () => "/saved",
  /** The signed-in creator's analytics (ダッシュボード), and one work's. */
  dashboard: () => "/dashboard",
  dashboardWork: (id: string) => `/dashboard/works/${segment(id)}`,
  help: () => "/help",
  /** Rankings (今日 / 今週 / 今月 / 全期間); `period` and `genre` live in the query string. */
  ranking: () => "/ranking",
  challenges: () => "/challenges",
  challengeCreate: () => "/challenges/create",
  challenge: (id: string) => `/challenges/${segment(id)}`,
  /** The ranked results once the organiser decided (before that it says they are not out). */
  challengeResults: (id: string) => `/challenges/${segment(id)}/results`,
  submit: (search: SubmitSearch = {}) => `/submit${queryString(search)}`,
  /** Works with a tag, matched folded (ＡＩ and ai are one tag). */
  tag: (tag: string) => `/tags/${segment(tag)}`,
  /** Every AI tool with its number of works; one tool's works. */
  tools: () => "/tools",
  tool: (tool: string) => `/tools/${segment(tool)}`,
  styleguide: () => "/styleguide",
  admin: () => "/admin",
  adminLog: () => "/admin/log",
} as const;

export const routePatterns = {
  home: "/",
  projects: "/projects",
  project: "/projects/:id",
  profile: "/profile/:id",
  profileSetup: "/profile/setup",
  profileEdit: "/profile/edit",
  settings: "/settings",
  notifications: "/notifications",
  following: "/following",
  saved: "/saved",
  dashboard: "/dashboard",
  dashboardWork: "/dashboard/works/:id",
  help: "/help",
  ranking: "/ranking",
  challenges: "/challenges",
  challengeCreate: "/challenges/create",
  challenge: "/challenges/:id",
  challengeResults: "/challenges/:id/results",
  submit: "/submit",
  tag: "/tags/:tag",
  tools: "/tools",
  tool: "/tools/:tool",
  styleguide: "/styleguide",
  admin: "/admin",
  adminLog: "/admin/log",
} as const satisfies Record<keyof typeof paths, string>;
