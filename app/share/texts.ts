/** The share dialog's and the embed's texts (docs/product.md section 2, Sharing). */
export const SHARE_TEXTS = {
  button: "Share",
  dialogTitle: (title: string) => `Share “${title}”`,
  linkTab: "Link",
  embedTab: "Embed",
  linkLabel: "Link to this page",
  codeLabel: "Embed code",
  startAt: (time: string) => `Start at ${time}`,
  copyLink: "Copy link",
  copyCode: "Copy code",
  nativeShare: "Share…",
  linkCopied: "Link copied to the clipboard.",
  codeCopied: "Embed code copied to the clipboard.",
  copyFailed: "Couldn't copy automatically: the text is selected, press Ctrl+C (⌘C on a Mac) to copy it.",
  close: "Close",
} as const;
