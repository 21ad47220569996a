/** How the organiser's awards besides the winner read, on entries and on the results page. */
export const AWARD_LABELS = { excellence: "優秀賞", special: "特別賞" } as const;
