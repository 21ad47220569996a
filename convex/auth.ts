import Google from "@auth/core/providers/google";
import { convexAuth } from "@convex-dev/auth/server";
import { googleIssuerOverride } from "./model/googleIssuer";
import { createOrRefreshGoogleUser, googleProfileOf } from "./model/googleUsers";

// Never pass `issuer: undefined`: it would erase Google's own issuer.
const issuer = googleIssuerOverride(process.env.AUTH_GOOGLE_ISSUER);

export const { auth, signIn, signOut, store, isAuthenticated } = convexAuth({
  providers: [Google(issuer ? { issuer } : {})],
  callbacks: {
    async createOrUpdateUser(ctx, { existingUserId, profile }) {
      return await createOrRefreshGoogleUser(ctx, existingUserId, googleProfileOf(profile), Date.now());
    },
  },
});
