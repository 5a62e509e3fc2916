import type { Session } from '@portal/contract';

const METHOD_TEXT: Record<Session['method'], string> = {
  password: 'Password',
  sso: 'Single sign-on',
  passkey: 'Passkey',
};

const SECOND_FACTOR_TEXT: Record<NonNullable<Session['secondFactor']>, string> = {
  authenticator: 'authenticator app',
  recovery_code: 'recovery code',
  passkey: 'passkey',
  provider: "the provider's second step",
};

/** How a session signed in, in words: "Password", "Password and authenticator app", "Single sign-on". */
export function signInWayOf({ method, secondFactor }: Pick<Session, 'method' | 'secondFactor'>): string {
  const first = METHOD_TEXT[method];
  return secondFactor ? `${first} and ${SECOND_FACTOR_TEXT[secondFactor]}` : first;
}
