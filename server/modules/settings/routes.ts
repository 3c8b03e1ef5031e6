import type { FastifyInstance, FastifySerializerCompiler } from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { settingsEndpoints } from '../../../contract/site.ts';
import { endpointApp, route } from '../../http/endpoints.ts';
import type { Services } from '../../services.ts';

/**
 * Every client asks for the settings at start and they change a few times a year: the service hands out one frozen
 * object until they change, and its answer is encoded through the schema (checked, unknown keys dropped) once per
 * object instead of once per request. The same bytes, from a string already made.
 */
function encodeOncePerObject<Schema>(route: Parameters<FastifySerializerCompiler<Schema>>[0]) {
  // The library's own compiler (zod encode, then JSON.stringify), given the same argument: Fastify's type for a
  // route-level compiler is generic over the route's whole schema, the library's over zod schemas.
  const encode = serializerCompiler(route as unknown as Parameters<typeof serializerCompiler>[0]);
  const encoded = new WeakMap<object, string>();
  return (answer: { data: object }) => {
    let json = encoded.get(answer.data);
    if (json === undefined) {
      json = encode(answer);
      if (Object.isFrozen(answer.data)) encoded.set(answer.data, json);
    }
    return json;
  };
}

export async function settingsRoutes(fastify: FastifyInstance, { services }: { services: Services }) {
  const app = endpointApp(fastify, { accounts: services.accounts });
  route(
    app,
    settingsEndpoints.publicSettings,
    // Answered at once while the cached settings are fresh: no promise to wait for on nearly every request.
    () => {
      const fresh = services.settings.freshPublicSettings();
      return fresh ? { data: fresh } : services.settings.publicSettings().then((data) => ({ data }));
    },
    { serializerCompiler: encodeOncePerObject },
  );
}
