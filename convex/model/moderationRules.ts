// The thresholds of trust and safety, in one place (docs: trust and safety). Changing one here
// changes the rule everywhere; the README lists them.
const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

export const MODERATION_RULES = {
  /** A target reported by this many distinct trusted reporters is hidden until a moderator decides. */
  autoHideReporters: 3,
  /** A reporter counts as trusted once their account is older than this. */
  trustedAccountAge: DAY,
  /** Comments with a link from accounts younger than this are held until a moderator approves. */
  linkHoldAccountAge: DAY,
  /** The optional note of a report. */
  reportNoteMax: 500,
  /** The required note of a moderator's action. */
  actionNoteMax: 500,
  /** The longest suspension with an end (longer ones are "until lifted"). */
  maxSuspensionDays: 365,
} as const;

export const MODERATION_DAY = DAY;
