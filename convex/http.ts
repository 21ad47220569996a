import { httpRouter } from "convex/server";
import { auth } from "./auth";
import { COVER_PREFIX, GALLERY_COVER_PREFIX, SHARE_CHALLENGE_PREFIX, SHARE_PROJECT_PREFIX } from "./model/shareLinks";
import { coverImage, galleryCoverImage } from "./covers";
import { embedPage, oembed } from "./embeds";
import { feed } from "./feeds";
import { EMBED_PREFIX, OEMBED_PATH } from "./model/embedLinks";
import { FEED_PREFIX } from "./model/feedLinks";
import { projectSharePage, resultsSharePage } from "./share";
import { sitemapIndex, sitemapPart } from "./sitemap";

const http = httpRouter();

// Convex Auth's OAuth sign-in and callback routes, and its OpenID discovery + JWKS.
auth.addHttpRoutes(http);

// A work's share link: Open Graph / Twitter card tags for crawlers, then on to the work page.
http.route({ pathPrefix: SHARE_PROJECT_PREFIX, method: "GET", handler: projectSharePage });
// A challenge's results likewise, once they are out: then on to the results page.
http.route({ pathPrefix: SHARE_CHALLENGE_PREFIX, method: "GET", handler: resultsSharePage });
// A work's cover picture by id, which the work page shows before its data has arrived.
http.route({ pathPrefix: COVER_PREFIX, method: "GET", handler: coverImage });
// The pictures of the gallery's first cards, which /projects shows before its data has arrived.
http.route({ pathPrefix: GALLERY_COVER_PREFIX, method: "GET", handler: galleryCoverImage });

// For search engines and feed readers (README "Findable"): the sitemap and Atom feeds.
http.route({ path: "/sitemap.xml", method: "GET", handler: sitemapIndex });
http.route({ pathPrefix: "/sitemaps/", method: "GET", handler: sitemapPart });
http.route({ pathPrefix: FEED_PREFIX, method: "GET", handler: feed });

// Embeds: the card an <iframe> shows, and its oEmbed description.
http.route({ pathPrefix: EMBED_PREFIX, method: "GET", handler: embedPage });
http.route({ path: OEMBED_PATH, method: "GET", handler: oembed });

export default http;
