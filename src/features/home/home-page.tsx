import { useQuery } from "convex/react";
import { api } from "../../../convex/_generated/api";
import { PageTitle } from "@/components/layout/page-title";
import { ClosingCtaSection } from "./closing-cta-section";
import { GoalStatsSection } from "./goal-stats-section";
import { HeroSection } from "./hero-section";
import { TestimonialsSection } from "./testimonials-section";
import { TopWorksSection } from "./top-works-section";
import { TrendingWorksSection } from "./trending-works-section";
import { ZeroCodeSteps } from "./zero-code-steps";

export function HomePage() {
  const overview = useQuery(api.home.overview, {});
  const trending = useQuery(api.trending.homeWorks, {});
  return (
    <>
      <PageTitle />
      <HeroSection />
      <GoalStatsSection counts={overview?.counts} />
      <TopWorksSection works={overview?.topWorks} />
      <TrendingWorksSection works={trending} />
      <ZeroCodeSteps />
      <TestimonialsSection />
      <ClosingCtaSection />
    </>
  );
}
