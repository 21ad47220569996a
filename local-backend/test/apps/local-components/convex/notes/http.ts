import { httpRouter } from "convex/server";
import { api } from "./_generated/api";
import { env, httpAction } from "./_generated/server";

const http = httpRouter();
http.route({
  path: "/hello",
  method: "GET",
  handler: httpAction(async (ctx) => {
    const { texts } = await ctx.runQuery(api.notes.list, {});
    return new Response(`${env.GREETING} (${texts.length} notes)`, { status: 200 });
  }),
});
export default http;
