/** Why an OData option was refused; becomes `details[].rule` of the 400 answer. */
export type ODataRule =
  | 'syntax'
  | 'max_length'
  | 'max_depth'
  | 'unknown_field'
  | 'not_filterable'
  | 'not_sortable'
  | 'not_selectable'
  | 'type'
  | 'duplicate'
  | 'integer'
  | 'max'
  | 'range'
  | 'boolean'
  | 'unknown_expansion';

/**
 * A parse or lexing failure of one option's text. `position` is 1-based (the first character is 1; the end of the
 * text is its length + 1); the message already names it, in words a person can act on.
 */
export class ODataSyntaxError extends Error {
  readonly position: number;
  readonly rule: ODataRule;

  constructor(message: string, position: number, rule: ODataRule = 'syntax') {
    super(message);
    this.name = 'ODataSyntaxError';
    this.position = position;
    this.rule = rule;
  }
}

/** "at position 7": where a problem is, in the words of every message. */
export function at(position: number): string {
  return `at position ${position}`;
}
