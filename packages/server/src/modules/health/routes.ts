import type { FastifyPluginAsync } from 'fastify';
import { ping } from '../../db/index.js';

/** DESIGN.md: 200 {"status":"ok"} once the database is migrated and ready (the app is only built after migrating). */
export const healthRoutes: FastifyPluginAsync = async (app) => {
  app.get(
    '/healthz',
    {
      schema: {
        response: {
          200: { type: 'object', properties: { status: { type: 'string' } }, required: ['status'] },
          503: { type: 'object', properties: { status: { type: 'string' } }, required: ['status'] },
        },
      },
    },
    async (_request, reply) => {
      try {
        await ping(app.db);
        return { status: 'ok' };
      } catch {
        return reply.status(503).send({ status: 'unavailable' });
      }
    },
  );
};
