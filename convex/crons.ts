import { cronJobs } from "convex/server";
import { internal } from "./_generated/api";

const crons = cronJobs();

// Screenshots uploaded in the posting wizard but never posted are deleted after a day.
crons.hourly("sweep unposted screenshot uploads", { minuteUTC: 17 }, internal.screenshots.sweepPending, {});
// Profile photos uploaded and checked but never saved to a profile: likewise after a day.
crons.hourly("sweep unused profile photo uploads", { minuteUTC: 47 }, internal.users.sweepPhotoUploads, {});
// Files uploaded but never checked nor used by anything (an upload URL spent and abandoned).
crons.hourly("sweep uploads nothing uses", { minuteUTC: 32 }, internal.screenshots.sweepUnusedUploads, {});
// 急上昇 and the rankings (model/trending.ts): rescore works with new activity every 10 minutes;
// the run right after midnight Japan time (15:01 UTC) also slides every window by a day.
crons.interval("refresh trending scores", { minutes: 10 }, internal.trending.refresh, {});
crons.daily("slide trending windows at midnight in Japan", { hourUTC: 15, minuteUTC: 1 }, internal.trending.refresh, {});

// The analytics works table's 7/30/90-day totals move on a day at midnight in Japan (15:00 UTC):
// hourly at two past, so the run at 15:02 slides them and a missed run catches up within the hour.
crons.hourly("slide analytics period totals", { minuteUTC: 2 }, internal.analytics.slideTotals, {});

export default crons;
