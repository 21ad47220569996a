import { PageTitle } from "@/components/layout/page-title";
import { ClosingCtaSection } from "./closing-cta-section";
import { HeroSection } from "./hero-section";
import { TestimonialsSection } from "./testimonials-section";
import { ZeroCodeSteps } from "./zero-code-steps";

/** Static marketing page. Goal statistics and top works join once the backend is connected. */
export function HomePage() {
  return (
    <>
      <PageTitle />
      <HeroSection />
      <ZeroCodeSteps />
      <TestimonialsSection />
      <ClosingCtaSection />
    </>
  );
}
