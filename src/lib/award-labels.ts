/** How the organiser's awards besides the winner read, on entries and on the results page. */
export { AWARD_LABELS } from "../../convex/model/judgingRules";
