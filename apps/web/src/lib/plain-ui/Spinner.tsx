const THICKNESS = 3.6;

/** MUI's indeterminate CircularProgress in the brand colour, or the text's with `inherit`. */
export function Spinner({ size = 40, label, inherit = false }: { size?: number; label: string; inherit?: boolean }) {
  return (
    <span
      className={inherit ? 'plain-spinner plain-spinner--inherit' : 'plain-spinner'}
      role="progressbar"
      aria-label={label}
      style={{ width: size, height: size }}
    >
      <svg aria-hidden="true" viewBox="22 22 44 44" width={size} height={size}>
        <circle cx="44" cy="44" r={(44 - THICKNESS) / 2} fill="none" strokeWidth={THICKNESS} />
      </svg>
    </span>
  );
}
