import type { FastifyPluginAsync } from 'fastify';

export const postsRoutes: FastifyPluginAsync = async () => {};
