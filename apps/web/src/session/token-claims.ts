/**
 * The signed-in user's details as the access token states them (spec section 3: given_name, email, profile). The
 * token is only decoded here, never trusted: the server verifies it on every call, and the page merely shows it.
 */
export interface TokenUser {
  userName: string;
  email: string;
  profile: string;
}

function decodeBase64Url(segment: string): string {
  const base64 = segment.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
  const bytes = Uint8Array.from(atob(padded), (character) => character.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

export function userFromToken(accessToken: string | undefined): TokenUser | undefined {
  const payload = accessToken?.split('.')[1];
  if (!payload) return undefined;
  try {
    const claims = JSON.parse(decodeBase64Url(payload)) as Record<string, unknown>;
    const { given_name: userName, email, profile } = claims;
    if (typeof userName !== 'string' || userName === '') return undefined;
    return {
      userName,
      email: typeof email === 'string' ? email : '',
      profile: typeof profile === 'string' ? profile : '',
    };
  } catch {
    return undefined;
  }
}
