import { useCallback, useState } from "react";
import type { WorkField, WorkFieldErrors, WorkFormInput } from "../../../convex/model/workRules";

export type { WorkField, WorkFieldErrors, WorkFormInput };

export const EMPTY_WORK: WorkFormInput = {
  title: "",
  description: "",
  vibeDescription: "",
  genre: "",
  demoUrl: "",
  demoVideoUrl: "",
  repositoryUrl: "",
  aiTools: [],
  techStack: [],
  tags: [],
  isZeroCode: false,
};

/** Only the entries of `errors` for the given fields (a step validates its own part). */
export function pickErrors(errors: WorkFieldErrors, fields: readonly WorkField[]): WorkFieldErrors {
  const picked: WorkFieldErrors = {};
  for (const field of fields) if (errors[field]) picked[field] = errors[field];
  return picked;
}

export const hasErrors = (errors: WorkFieldErrors) => Object.values(errors).some(Boolean);

/** Whether the form differs from where it started (cancelling then asks first). */
export function workChanged(current: WorkFormInput, initial: WorkFormInput): boolean {
  return JSON.stringify(current) !== JSON.stringify(initial);
}

/**
 * Values and errors of the wizard. Editing a field clears its error (docs/product.md "Posting
 * wizard").
 */
export function useWorkForm(initial: WorkFormInput) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<WorkFieldErrors>({});

  const clearError = useCallback((field: WorkField) => {
    setErrors((current) => {
      if (!current[field]) return current;
      const { [field]: _cleared, ...rest } = current;
      return rest;
    });
  }, []);

  const setField = useCallback(
    <F extends keyof WorkFormInput>(field: F, value: WorkFormInput[F]) => {
      setValues((current) => ({ ...current, [field]: value }));
      clearError(field);
    },
    [clearError],
  );

  const setError = useCallback((field: WorkField, message: string) => {
    setErrors((current) => ({ ...current, [field]: message }));
  }, []);

  return { values, errors, setErrors, setField, setError, clearError };
}
