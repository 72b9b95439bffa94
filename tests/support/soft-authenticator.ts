import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';

/**
 * A WebAuthn authenticator in software, for tests of the passkey routes without a browser: a P-256
 * key, "none" attestation, and a choice, per ceremony, of whether it checked the person (the user
 * verification flag) or only saw someone touch it (user presence), as a security key without a PIN does.
 */

// The few CBOR items WebAuthn's attestation object and COSE key need (RFC 8949).
type Cbor = number | string | Uint8Array | Map<Cbor, Cbor>;

function cborHead(major: number, length: number): Buffer {
  if (length < 24) return Buffer.from([(major << 5) | length]);
  if (length < 0x100) return Buffer.from([(major << 5) | 24, length]);
  if (length < 0x10000) return Buffer.from([(major << 5) | 25, length >> 8, length & 0xff]);
  const head = Buffer.alloc(5);
  head[0] = (major << 5) | 26;
  head.writeUInt32BE(length, 1);
  return head;
}

function cbor(value: Cbor): Buffer {
  if (typeof value === 'number') return value >= 0 ? cborHead(0, value) : cborHead(1, -1 - value);
  if (typeof value === 'string') {
    const bytes = Buffer.from(value, 'utf8');
    return Buffer.concat([cborHead(3, bytes.length), bytes]);
  }
  if (value instanceof Uint8Array) return Buffer.concat([cborHead(2, value.length), value]);
  return Buffer.concat([cborHead(5, value.size), ...[...value].flatMap(([key, item]) => [cbor(key), cbor(item)])]);
}

const base64url = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');

const FLAG_USER_PRESENT = 0x01;
const FLAG_USER_VERIFIED = 0x04;
const FLAG_ATTESTED_CREDENTIAL = 0x40;

export interface SoftAuthenticator {
  /** The credential id, base64url. */
  id: string;
  /** A `navigator.credentials.create()` answer to registration options' challenge. */
  register(challenge: string, origin: string, options: { userVerified: boolean }): unknown;
  /** A `navigator.credentials.get()` answer to authentication options' challenge. */
  authenticate(challenge: string, origin: string, options: { userVerified: boolean }): unknown;
}

export function softAuthenticator(rpId: string): SoftAuthenticator {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' }) as { privateKey: KeyObject; publicKey: KeyObject };
  const jwk = publicKey.export({ format: 'jwk' }) as { x: string; y: string };
  const credentialId = randomBytes(16);
  const rpIdHash = createHash('sha256').update(rpId).digest();
  let signCount = 0;
  const flags = (userVerified: boolean, extra = 0) => Buffer.from([FLAG_USER_PRESENT | (userVerified ? FLAG_USER_VERIFIED : 0) | extra]);
  const counter = () => {
    const bytes = Buffer.alloc(4);
    bytes.writeUInt32BE(signCount);
    return bytes;
  };
  const clientData = (type: string, challenge: string, origin: string) =>
    Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  /** The JSON form of a public key credential of this authenticator, with `response` as the ceremony's. */
  const credentialJson = (response: Record<string, unknown>) => ({
    id: base64url(credentialId),
    rawId: base64url(credentialId),
    type: 'public-key',
    clientExtensionResults: {},
    response,
  });

  return {
    id: base64url(credentialId),
    register(challenge, origin, { userVerified }) {
      const coseKey = cbor(
        new Map<Cbor, Cbor>([
          [1, 2], // kty: EC2
          [3, -7], // alg: ES256
          [-1, 1], // crv: P-256
          [-2, Buffer.from(jwk.x, 'base64url')],
          [-3, Buffer.from(jwk.y, 'base64url')],
        ]),
      );
      const idLength = Buffer.alloc(2);
      idLength.writeUInt16BE(credentialId.length);
      const authData = Buffer.concat([
        rpIdHash,
        flags(userVerified, FLAG_ATTESTED_CREDENTIAL),
        counter(),
        Buffer.alloc(16), // AAGUID: none
        idLength,
        credentialId,
        coseKey,
      ]);
      const attestationObject = cbor(
        new Map<Cbor, Cbor>([
          ['fmt', 'none'],
          ['attStmt', new Map()],
          ['authData', authData],
        ]),
      );
      return credentialJson({
        clientDataJSON: base64url(clientData('webauthn.create', challenge, origin)),
        attestationObject: base64url(attestationObject),
        transports: ['usb'],
      });
    },
    authenticate(challenge, origin, { userVerified }) {
      signCount += 1;
      const clientDataJSON = clientData('webauthn.get', challenge, origin);
      const authenticatorData = Buffer.concat([rpIdHash, flags(userVerified), counter()]);
      const signature = sign(
        'sha256',
        Buffer.concat([authenticatorData, createHash('sha256').update(clientDataJSON).digest()]),
        privateKey,
      );
      return credentialJson({
        clientDataJSON: base64url(clientDataJSON),
        authenticatorData: base64url(authenticatorData),
        signature: base64url(signature),
      });
    },
  };
}
