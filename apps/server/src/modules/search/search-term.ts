/** A search term prepared for matching names, references and phone numbers written in any usual way. */
export type SearchTerm = {
  /** Lower-cased text, for names, references and usernames. */
  text: string;
  /** The digits of a phone number in national form ('+44 7700 900123' gives '07700900123'); null if not a number. */
  number: string | null;
};

export function parseSearchTerm(raw: string): SearchTerm {
  const text = raw.trim().toLowerCase();
  const compact = text.replace(/[\s().-]/g, '');
  const national = compact.replace(/^(\+44|0044)(0?)/, '0');
  return { text, number: /^\d{3,}$/.test(national) ? national : null };
}

/** Escapes LIKE's wildcards so a user's % or _ matches itself. */
export function likeEscape(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}
