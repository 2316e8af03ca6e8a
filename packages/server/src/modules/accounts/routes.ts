import type { FastifyPluginAsync } from 'fastify';

export const accountsRoutes: FastifyPluginAsync = async () => {};
