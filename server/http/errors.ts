import type { FastifyError, FastifyInstance, FastifySchemaCompiler } from 'fastify';
import { z } from 'zod';
import { invalid, Problem } from '../problem.ts';

/** A request-schema failure, already in Laravel's words and keyed by field. */
type FieldIssue = { field: string; message: string };

const label = (field: string) =>
  field
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replaceAll('_', ' ')
    .replaceAll('.', ' ')
    .toLowerCase();
const typeName: Record<string, string> = {
  string: 'a string',
  int: 'an integer',
  integer: 'an integer',
  number: 'a number',
  boolean: 'true or false',
  object: 'an object',
  array: 'an array',
  null: 'empty',
};

/** The schema a path leads to (through optional, nullable, objects and arrays), to tell an integer from a number. */
function schemaAt(schema: z.ZodType | undefined, path: readonly PropertyKey[]): z.ZodType | undefined {
  let current = schema;
  for (const key of [...path, null]) {
    while (current instanceof z.ZodOptional || current instanceof z.ZodNullable || current instanceof z.ZodDefault) current = current.unwrap() as z.ZodType;
    if (key === null) return current;
    if (current instanceof z.ZodObject) current = current.shape[String(key)] as z.ZodType | undefined;
    else if (current instanceof z.ZodArray) current = current.element as z.ZodType;
    else return undefined;
  }
  return current;
}
const isInteger = (schema: z.ZodType | undefined) => schema instanceof z.ZodNumber && schema.format === 'safeint';

/** A zod issue in Laravel's words ("The email field is required."), keyed by field (`bets.0.amount`). */
export function describeIssue(issue: z.core.$ZodIssue, schema?: z.ZodType): FieldIssue[] {
  const path = issue.path.map(String).join('.');
  if (issue.code === 'unrecognized_keys') return issue.keys.map((key) => ({ field: key, message: `The ${label(key)} field is not allowed.` }));
  if ((issue.code === 'invalid_type' || issue.code === 'invalid_union') && issue.input === undefined && path)
    return [{ field: path, message: `The ${label(path)} field is required.` }];
  if (!path) return [{ field: 'body', message: 'The request body must be a JSON object.' }];
  const name = label(path);
  switch (issue.code) {
    case 'invalid_type': {
      // zod says `number` for a string given where an integer is wanted; the field's schema says which.
      const expected = issue.expected === 'number' && isInteger(schemaAt(schema, issue.path)) ? 'integer' : issue.expected;
      return [{ field: path, message: `The ${name} field must be ${typeName[expected] ?? `of type ${expected}`}.` }];
    }
    case 'invalid_union': {
      // A field that may take two shapes (an id as text or a number): the first shape's words.
      const first = issue.errors[0]?.[0];
      return first
        ? describeIssue({ ...first, path: [...issue.path, ...first.path] } as z.core.$ZodIssue)
        : [{ field: path, message: `The ${name} field format is invalid.` }];
    }
    case 'too_big':
      return [
        {
          field: path,
          message:
            issue.origin === 'string'
              ? `The ${name} field must not be greater than ${issue.maximum} characters.`
              : `The ${name} field must not be greater than ${issue.maximum}.`,
        },
      ];
    case 'too_small':
      if (issue.origin === 'string')
        return [
          {
            field: path,
            message: Number(issue.minimum) === 1 ? `The ${name} field is required.` : `The ${name} field must be at least ${issue.minimum} characters.`,
          },
        ];
      return [{ field: path, message: `The ${name} field must be at least ${issue.minimum}.` }];
    case 'invalid_value':
      return [{ field: path, message: `The selected ${name} is invalid.` }];
    case 'custom':
      return [{ field: path, message: issue.message }];
    default:
      return [{ field: path, message: `The ${name} field format is invalid.` }];
  }
}

/**
 * The validator for every route's zod schemas (fastify-type-provider-zod's own compiler, with Laravel's words).
 * Like the JSON-schema validation it replaces, it reports one failure: a missing field first, else the first
 * wrong one; values are never coerced (a query string's or path's values are strings, and their schemas say so).
 */
export const validatorCompiler: FastifySchemaCompiler<z.ZodType> =
  ({ schema }) =>
  (data) => {
    const result = z.safeParse(schema, data, { reportInput: true });
    if (result.success) return { value: result.data };
    const issues = result.error.issues;
    const missing = issues.find(
      (issue) => (issue.code === 'invalid_type' || issue.code === 'invalid_union') && issue.input === undefined && issue.path.length === 1,
    );
    const [first] = describeIssue(missing ?? issues[0]!, schema);
    return { error: invalid({ [first!.field]: [first!.message] }) };
  };

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
        ...error.body,
      });
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

  // A known path asked with a method it does not take is a 405 naming the ones it does, as Laravel answers.
  const known: Array<{ pattern: RegExp; method: string }> = [];
  app.addHook('onRoute', (route) => {
    if (route.url.includes('*')) return;
    const pattern = new RegExp(`^${route.url.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/:[A-Za-z0-9_]+/g, '[^/]+')}/?$`);
    for (const method of [route.method].flat()) known.push({ pattern, method });
  });
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const allowed = [...new Set(known.filter((route) => route.pattern.test(path)).map((route) => route.method))].sort();
    if (allowed.length > 0 && !allowed.includes(request.method)) {
      return reply
        .code(405)
        .header('allow', allowed.join(', '))
        .send({ message: `The ${request.method} method is not supported for route ${path.replace(/^\//, '')}. Supported methods: ${allowed.join(', ')}.` });
    }
    return reply.code(404).send({ message: `No API route for ${request.method} ${path}.` });
  });
}
