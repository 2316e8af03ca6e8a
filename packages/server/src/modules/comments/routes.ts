import type { FastifyPluginAsync } from 'fastify';

export const commentsRoutes: FastifyPluginAsync = async () => {};
