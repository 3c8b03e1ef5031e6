import { createHmac, timingSafeEqual } from 'node:crypto';

export function hmacHex(secret: string, payload: string): string {
  return createHmac('sha256', secret).update(payload).digest('hex');
}

/** Constant-time comparison; different lengths are simply unequal. */
export function sameSecretText(expected: string, given: string): boolean {
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** `auth` as a client sends it: `key:HMAC-SHA256(secret, payload)` in hex. */
function verifyKeyedSignature(app: { key: string; secret: string }, auth: unknown, payload: string): boolean {
  if (typeof auth !== 'string') return false;
  return sameSecretText(`${app.key}:${hmacHex(app.secret, payload)}`, auth);
}

/** Channel authorisation: the signed string is `socket_id:channel_name[:channel_data]`. */
export function verifyChannelAuth(
  app: { key: string; secret: string },
  auth: unknown,
  socketId: string,
  channel: string,
  channelData: string | undefined,
): boolean {
  const payload = channelData === undefined ? `${socketId}:${channel}` : `${socketId}:${channel}:${channelData}`;
  return verifyKeyedSignature(app, auth, payload);
}

/** User authentication (pusher:signin): the signed string is `socket_id::user::user_data`. */
export function verifyUserAuth(app: { key: string; secret: string }, auth: unknown, socketId: string, userData: string): boolean {
  return verifyKeyedSignature(app, auth, `${socketId}::user::${userData}`);
}
