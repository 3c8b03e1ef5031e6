/**
 * Pusher protocol 7 error and close codes. pusher-js acts on the close code's range: 4000–4099 it
 * gives up (no reconnect), 4100–4199 it reconnects after a back-off, 4200–4299 it reconnects at once.
 * A `pusher:error` that does not close the socket changes nothing on the client, so our own
 * in-session errors sit in 4300–4399, which Pusher reserves for "any other type of error".
 */
export const ErrorCode = {
  unknownAppKey: 4001,
  overConnectionQuota: 4004,
  pathNotFound: 4005,
  invalidProtocolVersion: 4006,
  unsupportedProtocol: 4007,
  noProtocolVersion: 4008,
  unauthorized: 4009,
  slowConsumer: 4100,
  serverRestarting: 4200,
  pongTimeout: 4201,
  clientEventRateLimit: 4301,
  malformedMessage: 4302,
  messageTooLarge: 4303,
  clientEventRefused: 4304,
  subscriptionLimit: 4305,
} as const;
