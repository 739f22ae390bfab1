import type { FastifyInstance } from 'fastify';
import fastifyPlugin from 'fastify-plugin';

/** How often a closing server looks for connections whose last answer has gone out. */
const idleSweepMs = 100;

/**
 * A graceful close finishes the answers in flight, then must not wait on their connections. Node
 * closes the connections that are idle when the close starts, but one whose answer was still being
 * worked on stays open after it for the keep-alive time (72 s), and a client that pools connections
 * (a load balancer, a webhook sender) keeps it that long: a rolling restart then waits out the time
 * and the process is killed before its e-mails and database close. So answers sent while closing
 * say `Connection: close`, and connections that fall idle meanwhile are closed too.
 */
export const closingConnections = fastifyPlugin(
  async (app: FastifyInstance) => {
    // Set once the close has begun.
    let sweep: NodeJS.Timeout | undefined;
    app.addHook('preClose', async () => {
      sweep = setInterval(() => app.server.closeIdleConnections(), idleSweepMs);
      sweep.unref();
    });
    app.addHook('onSend', async (_request, reply) => {
      if (sweep !== undefined) reply.header('connection', 'close');
    });
    app.addHook('onClose', async () => clearInterval(sweep));
  },
  { name: 'closing-connections' },
);
