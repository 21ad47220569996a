import { httpRouter } from "convex/server";
import { auth } from "./auth";

const http = httpRouter();

// Convex Auth's OAuth sign-in and callback routes, and its OpenID discovery + JWKS.
auth.addHttpRoutes(http);

export default http;
