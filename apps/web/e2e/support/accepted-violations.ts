/**
 * Accessibility findings the suite accepts, each for a reason a decision record gives (docs/decisions/<decision>).
 * An entry names the axe rule (or `target-size` for the 24 px check) and a pattern the offending element's selector
 * must match; anything else fails the test that found it. Prefer fixing the page to adding an entry.
 */
export interface AcceptedViolation {
  /** The axe rule id, or 'target-size' for support/target-size.ts's check. */
  readonly rule: string;
  /** Matched against the element's selector (axe's target, or the target-size check's description). */
  readonly target: RegExp;
  /** The decision record that accepts it: docs/decisions/<decision>-*.md. */
  readonly decision: string;
}

export const ACCEPTED_VIOLATIONS: readonly AcceptedViolation[] = [
  // MUI X Charts' keyboard entry into a chart: a focusable proxy whose role the library sets to none until an item
  // is focused, when it announces the item (the charts' keyboard test covers it). An experimental axe rule.
  { rule: 'focus-order-semantics', target: /\.MuiChartsSurface-root[^ >]* > div\[role="none"\]/, decision: '0140' },
  // MUI's focus trap in every modal (dialog, drawer, menu): two empty guards that send focus back into it.
  { rule: 'focus-order-semantics', target: /div\[data-testid="sentinel(Start|End)"\]/, decision: '0140' },
  // A menu (MUI's Menu, portalled to the body, owned by the button that opens it via aria-controls) lies outside
  // the page's landmarks while it is open; it is a popup of the control, not content of the page.
  { rule: 'region', target: /\.MuiMenu-paper\b/, decision: '0140' },
  // Likewise the header search's results: the listbox its combobox controls (aria-controls), in a popper.
  { rule: 'region', target: /\(ul\.MuiList-root[^)]*\[role=listbox\]\)$/, decision: '0140' },
  // Inactive controls (MUI marks them Mui-disabled) are exempt from contrast minimums (SC 1.4.3 and 1.4.6).
  { rule: 'color-contrast', target: /\(.*\.Mui-disabled\b.*\)$/, decision: '0140' },
  { rule: 'color-contrast-enhanced', target: /\(.*\.Mui-disabled\b.*\)$/, decision: '0140' },
  // Painted in the partner's own colours (its primary, or white on it): the partner chooses its brand, and the AA
  // minimum (color-contrast, 4.5:1) holds for it; the portal's own colours meet AAA's 7:1. The sign-in page's plain
  // buttons and field labels (decision 0191) are MUI's primary buttons and labels drawn without MUI.
  {
    rule: 'color-contrast-enhanced',
    target:
      /\([^)]*\.(MuiButton-colorPrimary|MuiLink-root|MuiTab-textColorPrimary|MuiFormLabel-colorPrimary|MuiIconButton-colorPrimary|portal-company-name|plain-button|plain-field__label)\b[^)]*\)$/,
    decision: '0140',
  },
];

export function isAccepted(rule: string, target: string): boolean {
  return ACCEPTED_VIOLATIONS.some((accepted) => accepted.rule === rule && accepted.target.test(target));
}
