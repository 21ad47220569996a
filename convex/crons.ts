import { cronJobs } from "convex/server";
import { internal } from "./_generated/api";

const crons = cronJobs();

// Screenshots uploaded in the posting wizard but never posted are deleted after a day.
crons.hourly("sweep unposted screenshot uploads", { minuteUTC: 17 }, internal.screenshots.sweepPending, {});
// Profile photos uploaded and checked but never saved to a profile: likewise after a day.
crons.hourly("sweep unused profile photo uploads", { minuteUTC: 47 }, internal.users.sweepPhotoUploads, {});
// Files uploaded but never checked nor used by anything (an upload URL spent and abandoned).
crons.hourly("sweep uploads nothing uses", { minuteUTC: 32 }, internal.screenshots.sweepUnusedUploads, {});

export default crons;
