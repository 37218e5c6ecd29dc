/** The Crossfade mark: two overlapping waveforms crossing, in the accent colour. */
export function LogoMark({ size = 28 }: { size?: number }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 32 32"
      aria-hidden="true"
      focusable="false"
      className="logo-mark"
    >
      <circle cx="12" cy="16" r="10" fill="none" stroke="currentColor" strokeWidth="3" />
      <circle cx="20" cy="16" r="10" fill="none" stroke="var(--accent-2)" strokeWidth="3" />
    </svg>
  );
}

export function Logo() {
  return (
    <span className="logo">
      <LogoMark />
      <span className="logo-word">Crossfade</span>
    </span>
  );
}
