// Convex verifies the JWTs Convex Auth issues; the issuer is this deployment's own site URL.
export default {
  providers: [
    {
      domain: process.env.CONVEX_SITE_URL,
      applicationID: "convex",
    },
  ],
};
