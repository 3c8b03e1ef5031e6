import type { FastifyError, FastifyInstance } from 'fastify';
import { Problem } from '../problem.ts';

type AjvIssue = NonNullable<FastifyError['validation']>[number];

const label = (field: string) =>
  field
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replaceAll('_', ' ')
    .replaceAll('.', ' ')
    .toLowerCase();
const typeName: Record<string, string> = {
  string: 'a string',
  integer: 'an integer',
  number: 'a number',
  boolean: 'true or false',
  object: 'an object',
  array: 'an array',
  null: 'empty',
};

/** A JSON-schema failure in Laravel's words ("The email field is required."), keyed by field. */
function describe(issue: AjvIssue): { field: string; message: string } {
  const params = issue.params as { missingProperty?: string; additionalProperty?: string; limit?: number; type?: string | string[] };
  const path = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
  if (issue.keyword === 'required' && params.missingProperty) {
    const field = path ? `${path}.${params.missingProperty}` : params.missingProperty;
    return { field, message: `The ${label(field)} field is required.` };
  }
  if (issue.keyword === 'additionalProperties' && params.additionalProperty) {
    return { field: params.additionalProperty, message: `The ${label(params.additionalProperty)} field is not allowed.` };
  }
  if (!path) return { field: 'body', message: 'The request body must be a JSON object.' };
  const name = label(path);
  switch (issue.keyword) {
    case 'type': {
      const wanted = [params.type ?? 'string'].flat().filter((t) => t !== 'null')[0] ?? 'string';
      return { field: path, message: `The ${name} field must be ${typeName[wanted] ?? `of type ${wanted}`}.` };
    }
    case 'maxLength':
      return { field: path, message: `The ${name} field must not be greater than ${params.limit} characters.` };
    case 'minLength':
      return { field: path, message: params.limit === 1 ? `The ${name} field is required.` : `The ${name} field must be at least ${params.limit} characters.` };
    case 'maximum':
      return { field: path, message: `The ${name} field must not be greater than ${params.limit}.` };
    case 'minimum':
      return { field: path, message: `The ${name} field must be at least ${params.limit}.` };
    case 'enum':
      return { field: path, message: `The selected ${name} is invalid.` };
    default:
      return { field: path, message: `The ${name} field format is invalid.` };
  }
}

/**
 * Laravel-shaped errors (DESIGN.md): `{message, errors?}` for 422, `{message, type?}` otherwise.
 * Client mistakes get a 4xx that says what is wrong; only our own faults are 500s, and those are logged.
 */
export function installErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof Problem) {
      return reply.code(error.statusCode).send({
        message: error.message,
        ...(error.errors ? { errors: error.errors } : {}),
        ...(error.type ? { type: error.type } : {}),
      });
    }
    if (error.validation) {
      const errors: Record<string, string[]> = {};
      for (const issue of error.validation) {
        const { field, message } = describe(issue);
        const messages = (errors[field] ??= []);
        if (!messages.includes(message)) messages.push(message);
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
