export const SITE_NAME = "バイブギャラリー";
export const SITE_NAME_EN = "Vibe Gallery";
export const SITE_TAGLINE = "AIとの対話から生まれた作品が集まる場所";

export const SUPPORT_EMAIL = "support@vibe-gallery.example";
export const SUPPORT_MAIL_SUBJECT = "バイブギャラリーへのお問い合わせ";

export function supportMailtoHref(): string {
  return `mailto:${SUPPORT_EMAIL}?subject=${encodeURIComponent(SUPPORT_MAIL_SUBJECT)}`;
}

/** Browser title for a page: "ヘルプ | バイブギャラリー". */
export function pageTitle(title?: string): string {
  return title ? `${title} | ${SITE_NAME}` : `${SITE_NAME} | ${SITE_NAME_EN}`;
}
