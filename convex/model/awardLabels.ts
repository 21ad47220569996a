/** How the organiser's awards besides the winner read (entries, the results page, share links and cards). */
export const AWARD_LABELS = { excellence: "優秀賞", special: "特別賞" } as const;
export type Award = keyof typeof AWARD_LABELS;
