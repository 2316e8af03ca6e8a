import type { FastifyPluginAsync } from 'fastify';

export const notificationsRoutes: FastifyPluginAsync = async () => {};
