// Embeds on the HTTP-action site (model/embedLinks.ts): GET /embed/projects/{id} is the
// card an <iframe> shows (framable from anywhere, no script), GET /oembed?url=… describes it for
// sites that discover embeds (oEmbed 1.0, JSON). Hidden and deleted works embed as a short
// "cannot be shown" card; oEmbed answers 404 for them.
import { internal } from "./_generated/api";
import { httpAction } from "./_generated/server";
import { EMBED_HEIGHT, EMBED_PREFIX, EMBED_WIDTH, embedCode } from "./model/embedLinks";
import { renderEmbedCard, renderEmbedMissing } from "./model/embedPage";
import { SHARE_PROJECT_PREFIX } from "./model/shareLinks";
import { SITE_TAGS } from "./model/sharePage";
import { idAfterPrefix, webAppUrl, webPaths } from "./model/webApp";

const SITE_NAME = SITE_TAGS.siteName;

const html = (body: string, status: number) =>
  new Response(body, {
    status,
    headers: {
      "Content-Type": "text/html; charset=utf-8",
      "Cache-Control": status === 200 ? "public, max-age=300" : "no-store",
      // Any site may frame the card; the card itself loads nothing but its image.
      "Content-Security-Policy": "default-src 'none'; img-src https: http: data:; style-src 'unsafe-inline'; frame-ancestors *",
    },
  });

/** GET /embed/projects/{id}. */
export const embedPage = httpAction(async (ctx, request) => {
  const site = webAppUrl();
  const id = idAfterPrefix(new URL(request.url).pathname, EMBED_PREFIX);
  const work = id === null ? null : await ctx.runQuery(internal.share.workPreview, { id });
  if (!work) return html(renderEmbedMissing(site), 404);
  return html(renderEmbedCard(work, `${site}${webPaths.work(work.id)}`), 200);
});

const json = (body: unknown, status: number) =>
  new Response(JSON.stringify(body), {
    status,
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Access-Control-Allow-Origin": "*",
      "Cache-Control": "public, max-age=300",
    },
  });

/** GET /oembed?url={work page or share link}[&maxwidth=…][&maxheight=…][&format=json]. */
export const oembed = httpAction(async (ctx, request) => {
  const site = webAppUrl();
  const origin = new URL(request.url).origin;
  const params = new URL(request.url).searchParams;
  if ((params.get("format") ?? "json") !== "json") return json({ error: "format not implemented" }, 501);
  let target: URL;
  try {
    target = new URL(params.get("url") ?? "");
  } catch {
    return json({ error: "not found" }, 404);
  }
  // A work page of this site, or its share link on this deployment.
  const id =
    target.origin === new URL(site).origin
      ? idAfterPrefix(target.pathname, "/projects/")
      : target.origin === origin
        ? idAfterPrefix(target.pathname, SHARE_PROJECT_PREFIX)
        : null;
  const work = id === null ? null : await ctx.runQuery(internal.share.workPreview, { id });
  if (!work) return json({ error: "not found" }, 404);
  const bound = (name: string, fallback: number) => {
    const value = Number(params.get(name));
    return Number.isFinite(value) && value > 0 ? Math.min(fallback, Math.floor(value)) : fallback;
  };
  const width = bound("maxwidth", EMBED_WIDTH);
  const height = bound("maxheight", EMBED_HEIGHT);
  return json(
    {
      version: "1.0",
      type: "rich",
      provider_name: SITE_NAME,
      provider_url: `${site}/`,
      title: work.title,
      author_name: work.authorName,
      ...(work.authorHandle ? { author_url: `${site}${webPaths.profile(work.authorHandle)}` } : {}),
      ...(work.imageUrl ? { thumbnail_url: work.imageUrl, thumbnail_width: EMBED_WIDTH, thumbnail_height: 300 } : {}),
      html: embedCode(origin, work.id, work.title, width, height),
      width,
      height,
    },
    200,
  );
});
