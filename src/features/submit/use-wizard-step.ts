import { useCallback, useLayoutEffect, useRef } from "react";
import { useLocation, useNavigate } from "react-router-dom";
import { useReadHistoryLocation } from "@/lib/history-location";
import type { WizardStep } from "./wizard-steps";

const parseStep = (raw: string | null): WizardStep => {
  const step = Number(raw);
  return step === 2 || step === 3 || step === 4 ? step : 1;
};

/**
 * Changes one query parameter of the current URL, keeping the others (the draft, the work being
 * edited, the challenge). Reads the URL as it is when called, not as it was when the caller
 * rendered: the draft's id arrives after a save, by which time the person may be on another step.
 */
function useSetSearchParam() {
  const location = useLocation();
  const navigate = useNavigate();
  const readHistory = useReadHistoryLocation();
  const latest = useRef(location);
  useLayoutEffect(() => {
    latest.current = location;
  });
  return useCallback(
    (key: string, value: string | null, { replace }: { replace: boolean }) => {
      const current = readHistory?.() ?? latest.current;
      const updated = new URLSearchParams(current.search);
      if (value === null) updated.delete(key);
      else updated.set(key, value);
      const search = updated.toString();
      void navigate({ pathname: current.pathname, search: search ? `?${search}` : "" }, { replace, preventScrollReset: true });
    },
    [navigate, readHistory],
  );
}

/**
 * The wizard's step, kept in the URL (?step=2) so each step is a history entry: the browser's
 * Back goes to the previous step, and a reload stays on the step.
 */
export function useWizardStep() {
  const { search } = useLocation();
  const step = parseStep(new URLSearchParams(search).get("step"));
  const setParam = useSetSearchParam();
  const setStep = useCallback(
    (next: WizardStep, { replace = false }: { replace?: boolean } = {}) => setParam("step", next === 1 ? null : String(next), { replace }),
    [setParam],
  );
  return [step, setStep] as const;
}

/** Puts a value in the URL (or takes it out) without a new history entry. */
export function useReplaceSearchParam() {
  const setParam = useSetSearchParam();
  return useCallback((key: string, value: string | null) => setParam(key, value, { replace: true }), [setParam]);
}
