import { type FieldErrors, SUBMISSION_FIELDS, type SubmissionField } from "@core/forms/submission-rules";
import type { ReactNode } from "react";

/** The id of a submission field's input (its hint and error ids add -hint and -error). */
export const fieldId = (field: SubmissionField) => `submission-${SUBMISSION_FIELDS[field]}`;

/** A labelled field with its required marker or note, hint and field-level error message. */
export function Field({
  field,
  label,
  required,
  hint,
  note = "(optional)",
  errors,
  children,
}: {
  field: SubmissionField;
  label: string;
  required?: boolean;
  hint?: string;
  /** Shown after the label of a field that is not required. */
  note?: string;
  errors: FieldErrors;
  children: ReactNode;
}) {
  const error = errors[field];
  return (
    <div className={error ? "field field--invalid" : "field"}>
      <label htmlFor={fieldId(field)}>
        {label}
        {required ? (
          <span className="field__required" aria-hidden="true">
            {" "}
            *
          </span>
        ) : (
          <span className="field__optional"> {note}</span>
        )}
      </label>
      {hint ? (
        <p className="field__hint" id={`${fieldId(field)}-hint`}>
          {hint}
        </p>
      ) : null}
      {children}
      {error ? (
        <p className="field__error" id={`${fieldId(field)}-error`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** aria attributes tying an input to its hint and error message. */
export function describe(field: SubmissionField, errors: FieldErrors, hasHint: boolean) {
  const ids = [hasHint ? `${fieldId(field)}-hint` : null, errors[field] ? `${fieldId(field)}-error` : null];
  const describedBy = ids.filter(Boolean).join(" ") || undefined;
  return {
    id: fieldId(field),
    "aria-invalid": errors[field] ? true : undefined,
    "aria-describedby": describedBy,
  };
}
