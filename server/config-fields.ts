// Field parsers the environment schema of server/config.ts and its per-area parts (server/config-*.ts) share.
import { z } from 'zod';

export const booleanString = z.enum(['true', 'false'], { message: "must be 'true' or 'false'" });

/** A comma-separated list, each item trimmed, empty items dropped. */
export const commaList = z.string().transform((value) =>
  value
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean),
);

export const port = z.coerce
  .number({ message: 'must be a port number' })
  .int('must be a whole number')
  .min(0, 'must be between 0 and 65535')
  .max(65535, 'must be between 0 and 65535');

export const url = (protocols: string[]) =>
  z.url({ message: 'must be a URL' }).refine((value) => URL.canParse(value) && protocols.includes(new URL(value).protocol), {
    message: `must start with ${protocols.map((p) => `${p}//`).join(' or ')}`,
    abort: true,
  });
