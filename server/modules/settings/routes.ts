import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services.ts';

// A response schema lets Fastify serialise with a compiled function instead of JSON.stringify.
const publicSettingsResponse = {
  200: {
    type: 'object',
    required: ['data'],
    properties: {
      data: {
        type: 'object',
        required: [
          'site_name',
          'default_currency',
          'registration_activation_type',
          'maintenance',
          'app_env',
          'public_url',
          'realtime',
          'analytics_id',
          'support_chat_url',
          'visitor_trace_url',
        ],
        properties: {
          site_name: { type: 'string' },
          default_currency: { type: 'string' },
          registration_activation_type: { type: 'string', enum: ['email', 'sms'] },
          maintenance: { type: 'string', enum: ['true', 'false'] },
          app_env: { type: 'string' },
          public_url: { type: 'string' },
          realtime: {
            type: ['object', 'null'],
            properties: { key: { type: 'string' }, host: { type: 'string' }, port: { type: 'integer' }, scheme: { type: 'string' } },
          },
          analytics_id: { type: ['string', 'null'] },
          support_chat_url: { type: ['string', 'null'] },
          visitor_trace_url: { type: ['string', 'null'] },
        },
      },
    },
  },
} as const;

export async function settingsRoutes(app: FastifyInstance, { services }: { services: Services }) {
  app.get('/api/settings/get', { schema: { response: publicSettingsResponse } }, async () => ({ data: await services.settings.publicSettings() }));
}
