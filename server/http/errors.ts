import type { FastifyError, FastifyInstance } from 'fastify';

/**
 * Laravel-shaped errors (DESIGN.md): `{message, errors?}` for 422, `{message, type?}` otherwise.
 * Client mistakes get a 4xx that says what is wrong; only our own faults are 500s, and those are logged.
 */
export function installErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error.validation) {
      const errors: Record<string, string[]> = {};
      for (const issue of error.validation) {
        const field =
          (issue.params as { missingProperty?: string }).missingProperty ??
          (issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || 'body');
        (errors[field] ??= []).push(issue.message ?? 'is invalid');
      }
      const first = Object.values(errors)[0]?.[0] ?? 'The given data was invalid.';
      return reply.code(422).send({ message: first, errors });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const message =
        error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY'
          ? 'The request body is not valid JSON.'
          : error.code === 'FST_ERR_CTP_BODY_TOO_LARGE'
            ? 'The request body is too large.'
            : error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE'
              ? 'Unsupported content type.'
              : error.message;
      return reply.code(status).send({ message });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send({ message: 'Server Error' });
  });

  app.setNotFoundHandler((request, reply) => reply.code(404).send({ message: `No API route for ${request.method} ${request.url.split('?')[0]}.` }));
}
