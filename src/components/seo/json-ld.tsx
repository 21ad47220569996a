// Structured data for search engines; the text is escaped so nothing in it can end the script.
import { jsonLdText } from "@/lib/structured-data";

export function JsonLd({ data }: { data: Record<string, unknown> }) {
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonLdText(data) }} />;
}
