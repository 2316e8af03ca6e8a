import type { FastifyPluginAsync } from 'fastify';
import { failure, isHttpError, success, unauthorized } from '../../lib/envelope.js';
import { clientFault } from '../../lib/input-guard.js';
import { sessionUser } from '../accounts/sessions.js';
import { outageOf, unavailable } from '../../lib/unavailable.js';
import { followSchema, replySchema, statusSchema } from './schemas.js';
import { follow, followStatus } from './service.js';

/** comments.md §7: POST /v1/follow-thread-status {threadId} -> data.followed; POST /v1/follow-thread {threadId, follow}. */
export const threadsRoutes: FastifyPluginAsync = async (app) => {
  // Same envelope as the main API; validation errors name the field.
  app.setErrorHandler((error, request, reply) => {
    if (isHttpError(error)) return reply.status(error.statusCode).send(failure(error.code, error.message));
    const err = error as { validation?: { instancePath?: string; params?: { missingProperty?: string } }[]; statusCode?: number; code?: string; message: string };
    if (err.validation) {
      // A missing field is FIELD_REQUIRED, a bad one INVALID_FIELD (a body that is not an object: its threadId is missing).
      const v = err.validation[0];
      const missing = v?.params?.missingProperty ?? ((v?.instancePath ?? '') === '' ? 'threadId' : undefined);
      const field = missing ?? (v?.instancePath ?? '').replace(/^\//, '');
      const name = field === 'follow' ? 'FOLLOW' : 'THREAD_ID';
      return reply
        .status(400)
        .send(failure(missing ? `${name}_REQUIRED` : `INVALID_${name}`, missing ? `${field} is required.` : `${field} is not valid.`));
    }
    if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) return reply.status(err.statusCode).send(failure(err.code ?? 'BAD_REQUEST', err.message));
    const fault = clientFault(error);
    if (fault) return reply.status(fault.statusCode).send(failure(fault.code, fault.message));
    const outage = outageOf(error);
    if (outage) return unavailable(reply, request.log, error).send(failure(outage.code, outage.message));
    request.log.error({ err: error }, 'thread follow failed');
    return reply.status(500).send(failure('SERVER_ERROR', 'An error occurred. Please try again later.'));
  });

  app.post<{ Body: { threadId: string } }>(
    '/v1/follow-thread-status',
    { schema: { body: statusSchema, response: { 200: replySchema } } },
    async (request) => {
      const user = await sessionUser(request);
      if (!user) throw unauthorized('LOGIN_REQUIRED', 'You must be logged in');
      return success({ followed: await followStatus(app.db, user.id, request.body.threadId) });
    },
  );

  app.post<{ Body: { threadId: string; follow: string } }>(
    '/v1/follow-thread',
    { schema: { body: followSchema, response: { 200: replySchema } } },
    async (request) => {
      const user = await sessionUser(request);
      if (!user) throw unauthorized('LOGIN_REQUIRED', 'You must be logged in');
      const followed = request.body.follow === 'true' || request.body.follow === '1';
      return success({ followed: await follow(app.db, user, request.body.threadId, followed) });
    },
  );
};
