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

/**
 * One field of the submission form as data. Every text, file and long-text input is built the
 * same way from it, so labels, ids and aria attributes cannot drift apart between fields.
 */
export interface FieldSpec {
  field: SubmissionField;
  label: string;
  required?: boolean;
  note?: string;
  hint?: string;
  /** "textarea" for a multi-line field, else the input's type (text when left out). */
  type?: "email" | "file" | "textarea";
  maxLength?: number;
  autoComplete?: string;
  rows?: number;
  accept?: string;
}

/** A field of `spec`, filled with the value the server sent back (a file input never is). */
export function SpecField({
  spec,
  errors,
  values,
}: {
  spec: FieldSpec;
  errors: FieldErrors;
  values: Record<string, string>;
}) {
  const { field, type, hint, required, maxLength } = spec;
  const name = SUBMISSION_FIELDS[field];
  const attributes = { ...describe(field, errors, hint !== undefined), name };
  const value = type === "file" ? undefined : values[name];
  return (
    <Field field={field} label={spec.label} required={required} hint={hint} note={spec.note} errors={errors}>
      {type === "textarea" ? (
        <textarea
          {...attributes}
          className="input"
          rows={spec.rows}
          maxLength={maxLength}
          defaultValue={value}
        />
      ) : (
        <input
          {...attributes}
          type={type}
          className={type === "file" ? "input input--file" : "input"}
          required={required}
          maxLength={maxLength}
          autoComplete={spec.autoComplete}
          defaultValue={value}
          accept={spec.accept}
        />
      )}
    </Field>
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
