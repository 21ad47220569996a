// Shared by the server and the browser (through convex/constants.ts, or directly where only it is
// wanted: the home page). Plain data only.

/** Offsets added to the real counts on the home page's goal statistics. */
export const HOME_STAT_OFFSETS = {
  projects: 2847,
  users: 1523,
  zeroCodeProjects: 892,
  likes: 45678,
} as const;
