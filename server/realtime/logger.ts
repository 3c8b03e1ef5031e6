/** The part of a pino logger the realtime server uses; pino and Fastify's logger both fit. */
export type RealtimeLogger = {
  debug(details: object, message?: string): void;
  info(details: object, message?: string): void;
  warn(details: object, message?: string): void;
  error(details: object, message?: string): void;
};

const ignore = () => {};
export const silentLogger: RealtimeLogger = { debug: ignore, info: ignore, warn: ignore, error: ignore };
