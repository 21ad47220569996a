import { useCallback } from "react";
import { useSearchParams } from "react-router-dom";
import type { WizardStep } from "./wizard-steps";

const parseStep = (raw: string | null): WizardStep => {
  const step = Number(raw);
  return step === 2 || step === 3 || step === 4 ? step : 1;
};

/**
 * The wizard's step, kept in the URL (?step=2) so each step is a history entry: the browser's
 * Back goes to the previous step, and a reload stays on the step. Other parameters (the draft,
 * the work being edited, the challenge) are kept.
 */
export function useWizardStep() {
  const [params, setParams] = useSearchParams();
  const step = parseStep(params.get("step"));
  const setStep = useCallback(
    (next: WizardStep, { replace = false }: { replace?: boolean } = {}) => {
      setParams(
        (current) => {
          const updated = new URLSearchParams(current);
          if (next === 1) updated.delete("step");
          else updated.set("step", String(next));
          return updated;
        },
        { replace, preventScrollReset: true },
      );
    },
    [setParams],
  );
  return [step, setStep] as const;
}
