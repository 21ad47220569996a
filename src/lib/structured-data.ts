// JSON-LD (schema.org) for search engines (docs/decisions.md "SEO, share cards, feeds and embeds"):
// a work is a CreativeWork (an app made with AI), a profile a ProfilePage about a Person. Built
// from what the page already shows.
import { paths } from "@/config/paths";
import { SITE_NAME } from "@/config/site";

type Json = Record<string, unknown>;

/** A page's own meta description: what search results show, about 120 Japanese characters. */
export const META_DESCRIPTION_MAX = 120;

export type WorkForLd = {
  _id: string;
  title: string;
  description: string;
  demoUrl: string;
  tags: string[];
  aiTools: string[];
  createdAt: number;
  updatedAt: number;
  likesCount: number;
  screenshots: { url: string | null; thumbnailUrl: string | null }[];
  author: { _id: string | null; handle: string | null; displayName: string };
};

const iso = (ms: number) => new Date(ms).toISOString();

export function workJsonLd(work: WorkForLd, origin: string): Json {
  const image = work.screenshots.map((shot) => shot.url ?? shot.thumbnailUrl).filter((url): url is string => url !== null);
  const authorId = work.author.handle ?? work.author._id;
  return {
    "@context": "https://schema.org",
    "@type": "CreativeWork",
    name: work.title,
    description: work.description,
    url: `${origin}${paths.project(work._id)}`,
    ...(image.length > 0 ? { image } : {}),
    datePublished: iso(work.createdAt),
    dateModified: iso(Math.max(work.updatedAt, work.createdAt)),
    inLanguage: "ja",
    keywords: [...work.tags, ...work.aiTools].join(", "),
    author: { "@type": "Person", name: work.author.displayName, ...(authorId ? { url: `${origin}${paths.profile(authorId)}` } : {}) },
    publisher: { "@type": "Organization", name: SITE_NAME, url: `${origin}/` },
    interactionStatistic: {
      "@type": "InteractionCounter",
      interactionType: "https://schema.org/LikeAction",
      userInteractionCount: work.likesCount,
    },
    sameAs: work.demoUrl,
  };
}

export type ProfileForLd = {
  _id: string;
  handle: string | null;
  displayName: string;
  photoUrl: string | null;
  bio?: string;
  websiteUrl?: string;
  githubUrl?: string;
  twitterUrl?: string;
  joinedAt?: number;
};

export function profileJsonLd(profile: ProfileForLd, origin: string): Json {
  const links = [profile.websiteUrl, profile.githubUrl, profile.twitterUrl].filter((url): url is string => !!url);
  return {
    "@context": "https://schema.org",
    "@type": "ProfilePage",
    url: `${origin}${paths.profile(profile.handle ?? profile._id)}`,
    ...(profile.joinedAt !== undefined ? { dateCreated: iso(profile.joinedAt) } : {}),
    mainEntity: {
      "@type": "Person",
      name: profile.displayName,
      ...(profile.handle ? { alternateName: `@${profile.handle}` } : {}),
      ...(profile.bio ? { description: profile.bio } : {}),
      ...(profile.photoUrl ? { image: profile.photoUrl } : {}),
      ...(links.length > 0 ? { sameAs: links } : {}),
    },
  };
}

/**
 * The text of a <script type="application/ld+json">: JSON with every "<" (and the two line
 * separators JavaScript once rejected) escaped, so no value can close the script element.
 */
export function jsonLdText(data: Json): string {
  return JSON.stringify(data)
    .replace(/</g, "\\u003c")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}
