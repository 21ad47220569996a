import { httpRouter } from "convex/server";
import { auth } from "./auth";
import { SHARE_PROJECT_PREFIX } from "./model/shareLinks";
import { projectSharePage } from "./share";

const http = httpRouter();

// Convex Auth's OAuth sign-in and callback routes, and its OpenID discovery + JWKS.
auth.addHttpRoutes(http);

// A work's share link: Open Graph / Twitter card tags for crawlers, then on to the work page.
http.route({ pathPrefix: SHARE_PROJECT_PREFIX, method: "GET", handler: projectSharePage });

export default http;
