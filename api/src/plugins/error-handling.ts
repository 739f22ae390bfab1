import { randomUUID } from 'node:crypto';
import { STATUS_CODES, type IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance } from 'fastify';
import fastifyPlugin from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { messages, serverMessages, requestIdHeader } from '@threadline/contracts';
import { ShopError, TooManyRequests } from '../errors.ts';

/**
 * The most of an unread body (too large, or refused before it was read) read and dropped before an
 * error is answered. A client still sending when the server answers and closes gets its connection
 * reset and never reads the answer: a browser or fetch reports a network error. A longer body is cut
 * off with the answer all the same, and a slow one by the request timeout.
 */
const unreadBodyDiscardLimit = 32 * 1024 * 1024;

function discardUnreadBody(body: IncomingMessage): Promise<void> {
  if (body.complete || body.readableEnded || body.destroyed) return Promise.resolve();
  return new Promise((resolve) => {
    let discarded = 0;
    const finish = () => {
      body.off('data', onData).off('end', finish).off('error', finish).off('close', finish);
      resolve();
    };
    const onData = (chunk: Buffer) => {
      discarded += chunk.length;
      if (discarded > unreadBodyDiscardLimit) finish();
    };
    body.on('data', onData).on('end', finish).on('error', finish).on('close', finish);
    body.resume();
  });
}

/** One error shape for every answer: `{error: "…", request_id: "…"}`; a 5xx says nothing internal. */
export const errorHandling = fastifyPlugin(async (app: FastifyInstance) => {
  app.setErrorHandler(async (error: FastifyError | ShopError, request, reply) => {
    await discardUnreadBody(request.raw);
    if (error instanceof TooManyRequests) reply.header('retry-after', error.retryAfterSeconds);
    if (error instanceof ShopError) {
      return reply.status(error.statusCode).send({ ...error.details, error: error.message, request_id: request.id });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issue = error.validation[0];
      const field = issue?.instancePath.replace(/^\//, '').replaceAll('/', '.');
      const detail = issue?.message ?? 'Invalid input';
      // With problems in more than one field, each field's first problem as well, so a back-office
      // form shows them all at once rather than one per try.
      const fields: Record<string, string> = {};
      for (const each of error.validation) {
        const path = each.instancePath.replace(/^\//, '').replaceAll('/', '.');
        if (path !== '') fields[path] ??= each.message ?? 'Invalid input';
      }
      return reply.status(400).send({
        error: field ? `${field}: ${detail}` : detail,
        ...(Object.keys(fields).length > 1 && request.url.startsWith('/api/admin/') ? { fields } : {}),
        request_id: request.id,
      });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const message = status === 429 ? messages.tooManyRequests : status === 413 ? serverMessages.requestTooLarge : error.message;
      return reply.status(status).send({ error: message, request_id: request.id });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send({ error: serverMessages.serverError, request_id: request.id });
  });
});

/**
 * Answers what Node refuses before a request reaches the app, in the shop's error shape: a request
 * not received within the request timeout (408), headers too large (431), a malformed request (400).
 */
export function answerClientError(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || !socket.writable) return;
  const [status, message] =
    error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? [408, serverMessages.requestTimedOut]
      : error.code === 'HPE_HEADER_OVERFLOW'
        ? [431, serverMessages.requestHeadersTooLarge]
        : [400, serverMessages.malformedRequest];
  // No request was read, so no id came with it: the answer's own id is all a report can point at.
  const requestId = randomUUID();
  const body = JSON.stringify({ error: message, request_id: requestId });
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nConnection: close\r\nContent-Type: application/json; charset=utf-8\r\n${requestIdHeader}: ${requestId}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  );
}
