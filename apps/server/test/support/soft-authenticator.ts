import { createHash, createSign, generateKeyPairSync, type KeyObject, randomBytes } from 'node:crypto';
import { isoCBOR } from '@simplewebauthn/server/helpers';

/*
 * A software authenticator for API tests (docs/decisions/0209): it makes passkeys as a platform authenticator would
 * (ES256 on P-256, attestation 'none', discoverable) and signs assertions with node:crypto, so the server's checks run
 * on real WebAuthn answers. Each test may give it another origin, or leave the user unverified, to see them refused.
 */

type CreationOptions = {
  challenge: string;
  rp: { id?: string; name: string };
  user: { id: string; name: string };
};
type RequestOptions = { challenge: string; rpId?: string; allowCredentials?: Array<{ id: string }> };

/** One passkey the authenticator holds. */
export type SoftPasskey = {
  id: string;
  rpId: string;
  userHandle: string;
  privateKey: KeyObject;
  counter: number;
};

const FLAG_USER_PRESENT = 0x01;
const FLAG_USER_VERIFIED = 0x04;
const FLAG_ATTESTED_DATA = 0x40;

const sha256 = (data: string | Uint8Array) => createHash('sha256').update(data).digest();

function clientData(type: 'webauthn.create' | 'webauthn.get', challenge: string, origin: string) {
  return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
}

function authenticatorData(rpId: string, flags: number, counter: number, attested?: Buffer): Buffer {
  const count = Buffer.alloc(4);
  count.writeUInt32BE(counter);
  return Buffer.concat([sha256(rpId), Buffer.from([flags]), count, ...(attested ? [attested] : [])]);
}

/** The public key as COSE (RFC 9053): EC2, ES256, P-256, x and y. */
function coseKey(publicKey: KeyObject): Uint8Array {
  const jwk = publicKey.export({ format: 'jwk' });
  const coordinate = (value: string | undefined) => new Uint8Array(Buffer.from(value ?? '', 'base64url'));
  return isoCBOR.encode(
    new Map<number, number | Uint8Array>([
      [1, 2],
      [3, -7],
      [-1, 1],
      [-2, coordinate(jwk.x)],
      [-3, coordinate(jwk.y)],
    ]),
  );
}

export class SoftAuthenticator {
  readonly passkeys: SoftPasskey[] = [];

  constructor(private readonly origin: string) {}

  /** navigator.credentials.create(): a new passkey over the options, answered as RegistrationResponseJSON. */
  register(options: CreationOptions, { origin = this.origin }: { origin?: string } = {}) {
    const rpId = options.rp.id ?? new URL(origin).hostname;
    const { publicKey, privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const credentialId = randomBytes(32);
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(credentialId.length);
    const attested = Buffer.concat([Buffer.alloc(16), idLength, credentialId, coseKey(publicKey)]);
    const authData = authenticatorData(rpId, FLAG_USER_PRESENT | FLAG_USER_VERIFIED | FLAG_ATTESTED_DATA, 0, attested);
    const attestationObject = isoCBOR.encode(
      new Map<string, string | Map<string, string> | Uint8Array>([
        ['fmt', 'none'],
        ['attStmt', new Map<string, string>()],
        ['authData', new Uint8Array(authData)],
      ]),
    );
    const id = credentialId.toString('base64url');
    this.passkeys.push({ id, rpId, userHandle: options.user.id, privateKey, counter: 0 });
    return {
      id,
      rawId: id,
      type: 'public-key' as const,
      response: {
        clientDataJSON: clientData('webauthn.create', options.challenge, origin).toString('base64url'),
        attestationObject: Buffer.from(attestationObject).toString('base64url'),
        transports: ['internal'],
      },
      authenticatorAttachment: 'platform' as const,
      clientExtensionResults: {},
    };
  }

  /**
   * navigator.credentials.get(): an assertion by `passkey` (by default the first the options allow, or the newest),
   * answered as AuthenticationResponseJSON. Each assertion moves the passkey's counter on.
   */
  assert(
    options: RequestOptions,
    {
      origin = this.origin,
      passkey,
      userVerified = true,
    }: { origin?: string; passkey?: SoftPasskey; userVerified?: boolean } = {},
  ) {
    const allowed = options.allowCredentials?.map((credential) => credential.id);
    const chosen =
      passkey ?? (allowed ? this.passkeys.find((held) => allowed.includes(held.id)) : this.passkeys.at(-1));
    if (!chosen) throw new Error('The soft authenticator holds no passkey these options allow');
    chosen.counter += 1;
    const flags = FLAG_USER_PRESENT | (userVerified ? FLAG_USER_VERIFIED : 0);
    const authData = authenticatorData(options.rpId ?? chosen.rpId, flags, chosen.counter);
    const clientDataJSON = clientData('webauthn.get', options.challenge, origin);
    const signature = createSign('sha256')
      .update(Buffer.concat([authData, sha256(clientDataJSON)]))
      .sign(chosen.privateKey);
    return {
      id: chosen.id,
      rawId: chosen.id,
      type: 'public-key' as const,
      response: {
        clientDataJSON: clientDataJSON.toString('base64url'),
        authenticatorData: authData.toString('base64url'),
        signature: signature.toString('base64url'),
        userHandle: chosen.userHandle,
      },
      authenticatorAttachment: 'platform' as const,
      clientExtensionResults: {},
    };
  }
}
