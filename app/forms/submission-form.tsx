import { FORM_TEXTS } from "@core/form-texts";
import { SNIFF_BYTES } from "@core/forms/file-types";
import { HUMAN_CHECK_FIELD } from "@core/forms/human-check";
import { readSubmissionKey, SUBMISSION_KEY_FIELD } from "@core/forms/submission-key";
import {
  ARTWORK,
  AUDIO,
  checkSubmission,
  type FieldErrors,
  type FileSummary,
  HONEYPOT_FIELD,
  LIMITS,
  SUBMISSION_FIELDS,
  type SubmissionField,
} from "@core/forms/submission-rules";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { AppLink } from "../components/app-link";
import { describe, type FieldSpec, fieldId, SpecField } from "./form-field";
import { HumanCheckBox, useHumanCheck } from "./human-check";
import { type Receipt, SubmissionReceipt } from "./submission-receipt";
import { enhancedForm, useHydrated } from "./use-hydrated";

export type { Receipt };

/** What the page starts from: nothing, the server's refusal (no JavaScript), or its receipt. */
export type SubmissionState =
  | { ok: true; receipt: Receipt }
  | { ok: false; error: string; fields: FieldErrors; values: Record<string, string> }
  | null;

/** The fields in the form's order: the first three, the genre and city pair, the rest. */
const LEAD: FieldSpec[] = [
  {
    field: "artistName",
    label: "Artist name",
    required: true,
    maxLength: LIMITS.artistName,
    autoComplete: "nickname",
  },
  {
    field: "email",
    label: "Email",
    required: true,
    hint: "We only use it to reply about this track.",
    type: "email",
    maxLength: LIMITS.email,
    autoComplete: "email",
  },
  { field: "trackTitle", label: "Track title", required: true, maxLength: LIMITS.trackTitle },
];
const PAIR: FieldSpec[] = [
  { field: "genre", label: "Genre", maxLength: LIMITS.genre },
  { field: "city", label: "City", maxLength: LIMITS.city, autoComplete: "address-level2" },
];
const REST: FieldSpec[] = [
  {
    field: "links",
    label: "Links to your music",
    note: "(or upload a file below)",
    hint: "One per line: SoundCloud, Bandcamp, a private streaming link.",
    type: "textarea",
    rows: 3,
  },
  {
    field: "audioFile",
    label: "Audio file",
    note: "(or add a link above)",
    hint: "MP3, WAV, FLAC or AIFF, up to 50 MB.",
    type: "file",
    accept: AUDIO.accept,
  },
  {
    field: "artworkFile",
    label: "Artwork",
    hint: "JPEG, PNG or WebP, up to 10 MB.",
    type: "file",
    accept: ARTWORK.accept,
  },
  {
    field: "message",
    label: "Message",
    hint: "A few lines about you and the track.",
    type: "textarea",
    rows: 5,
    maxLength: LIMITS.message,
  },
];

/** Where focus goes after a refusal: the first field with an error. */
const ORDER: SubmissionField[] = [...LEAD, ...PAIR, ...REST].map((spec) => spec.field).concat("consent");

function chosenFile(value: FormDataEntryValue | null): File | null {
  if (value === null || typeof value === "string") return null;
  return value.size === 0 && value.name === "" ? null : value;
}

/**
 * The form data with Turnstile's token as its first field: the Worker checks it before the first
 * file, so nothing is stored for a form it refuses (docs/decisions/127-turnstile-on-the-forms.md).
 */
function tokenFirst(body: FormData, token: string): FormData {
  const sent = new FormData();
  sent.append(HUMAN_CHECK_FIELD, token);
  for (const [name, value] of body) if (name !== HUMAN_CHECK_FIELD) sent.append(name, value);
  return sent;
}

async function summary(file: File | null): Promise<FileSummary | null> {
  if (!file) return null;
  return { size: file.size, head: new Uint8Array(await file.slice(0, SNIFF_BYTES).arrayBuffer()) };
}

/**
 * The artist submission form (docs/product.md sections 3 and 5). It posts to its route's action without
 * JavaScript; with JavaScript it checks the fields and files with the same rules as the Worker,
 * then uploads with XMLHttpRequest to show progress. While Turnstile is on, the widget loads on
 * the form's first focus and its token goes first in the upload.
 */
export function SubmissionForm({
  initial,
  submissionKey,
}: {
  initial: SubmissionState;
  /** This form fill's key; a refused form sent back keeps the one it was sent with. */
  submissionKey: string;
}) {
  const hydrated = useHydrated();
  const human = useHumanCheck();
  const [errors, setErrors] = useState<FieldErrors>(initial && !initial.ok ? initial.fields : {});
  const [formError, setFormError] = useState<string | null>(initial && !initial.ok ? initial.error : null);
  const [progress, setProgress] = useState<number | null>(null);
  const [receipt, setReceipt] = useState<Receipt | null>(initial?.ok ? initial.receipt : null);
  const formRef = useRef<HTMLFormElement>(null);
  const receiptRef = useRef<HTMLHeadingElement>(null);
  const focusErrors = useRef(false);
  const values = initial && !initial.ok ? initial.values : {};

  useEffect(() => {
    if (!focusErrors.current) return;
    focusErrors.current = false;
    const first = ORDER.find((f) => errors[f]);
    if (first) document.getElementById(fieldId(first))?.focus();
    else formRef.current?.querySelector<HTMLElement>(".form__error")?.focus();
  }, [errors]);

  useEffect(() => {
    if (!receipt || !hydrated) return;
    // The receipt replaces a long form: show it from the page's title down, under the sticky header.
    window.scrollTo({ top: 0 });
    receiptRef.current?.focus({ preventScroll: true });
  }, [receipt, hydrated]);

  function refuse(message: string, fields: FieldErrors = {}) {
    setProgress(null);
    setFormError(message);
    focusErrors.current = true;
    setErrors(fields);
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (progress !== null) return;
    const body = new FormData(event.currentTarget);
    const audio = chosenFile(body.get(SUBMISSION_FIELDS.audioFile));
    const artwork = chosenFile(body.get(SUBMISSION_FIELDS.artworkFile));
    const check = checkSubmission(body, { audio: await summary(audio), artwork: await summary(artwork) });
    if (!check.ok) return refuse(FORM_TEXTS.submissionFixFields, check.errors);

    setErrors({});
    setFormError(null);
    setProgress(0);
    const token = human ? await human.token() : undefined;
    if (token === null) return refuse(FORM_TEXTS.submissionUploadFailed);
    const xhr = new XMLHttpRequest();
    xhr.open("POST", "/api/submissions");
    xhr.setRequestHeader("Accept", "application/json");
    xhr.upload.addEventListener("progress", (e) => {
      if (e.lengthComputable) setProgress(Math.min(100, Math.round((e.loaded / e.total) * 100)));
    });
    xhr.addEventListener("load", () => {
      let answer: { reference?: string; error?: string; fields?: FieldErrors } = {};
      try {
        answer = JSON.parse(xhr.responseText);
      } catch {
        // handled below: no reference means not received
      }
      if (xhr.status === 201 && answer.reference) {
        setProgress(null);
        setReceipt({ reference: answer.reference, trackTitle: check.values.trackTitle });
      } else {
        human?.reset();
        refuse(answer.error ?? FORM_TEXTS.submissionFailed, answer.fields ?? {});
      }
    });
    xhr.addEventListener("error", () => {
      human?.reset();
      refuse(FORM_TEXTS.submissionUploadFailed);
    });
    xhr.send(token === undefined ? body : tokenFirst(body, token));
  }

  if (receipt) return <SubmissionReceipt receipt={receipt} headingRef={receiptRef} />;

  const uploading = progress !== null;
  const field = (spec: FieldSpec) => (
    <SpecField key={spec.field} spec={spec} errors={errors} values={values} />
  );
  return (
    <form
      ref={formRef}
      className="form submission-form"
      method="post"
      encType="multipart/form-data"
      {...enhancedForm(hydrated, onSubmit, human)}
      aria-describedby="submission-required-note"
    >
      <p id="submission-required-note" className="form__note">
        Fields marked <span aria-hidden="true">*</span>
        <span className="visually-hidden">with an asterisk</span> are required.
      </p>
      {formError ? (
        <p className="form__error" role="alert" tabIndex={-1}>
          {formError}
        </p>
      ) : null}
      <fieldset className="submission-form__fields" disabled={uploading}>
        {LEAD.map(field)}
        <div className="form__pair">{PAIR.map(field)}</div>
        {REST.map(field)}
        <div className={errors.consent ? "field field--check field--invalid" : "field field--check"}>
          <input
            {...describe("consent", errors, false)}
            name={SUBMISSION_FIELDS.consent}
            type="checkbox"
            required
            defaultChecked={values.consent !== undefined}
          />
          <label htmlFor={fieldId("consent")}>
            I agree that Crossfade stores this submission and contacts me about it (see the{" "}
            <AppLink to="/privacy">privacy page</AppLink>)<span aria-hidden="true"> *</span>
          </label>
          {errors.consent ? (
            <p className="field__error" id={`${fieldId("consent")}-error`}>
              {errors.consent}
            </p>
          ) : null}
        </div>
        <input
          type="hidden"
          name={SUBMISSION_KEY_FIELD}
          value={readSubmissionKey(values[SUBMISSION_KEY_FIELD]) ?? submissionKey}
        />
        <div className="honeypot" aria-hidden="true">
          <label htmlFor="submission-website">Leave this field empty</label>
          <input id="submission-website" name={HONEYPOT_FIELD} type="text" tabIndex={-1} autoComplete="off" />
        </div>
      </fieldset>
      {human ? <HumanCheckBox check={human} /> : null}
      {uploading ? (
        <div className="upload-progress">
          <label htmlFor="submission-progress">
            {FORM_TEXTS.submissionUploading} {progress}%
          </label>
          <progress id="submission-progress" max={100} value={progress} />
        </div>
      ) : null}
      <p>
        <button type="submit" className="button button--accent" disabled={uploading}>
          {uploading ? "Sending…" : "Send submission"}
        </button>
      </p>
    </form>
  );
}
