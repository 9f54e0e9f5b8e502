import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Work that must not hold up (or shape) an answer, such as the e-mail of a forgotten-password
 * request, whose timing would tell whether the account exists. Failures are logged; closing the
 * application waits for what is still running.
 */
export interface Background {
  run(label: string, task: () => Promise<void>): void;
  /** Resolves once nothing is running (tests and shutdown). */
  idle(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    background: Background;
  }
}

export const backgroundPlugin = fp(async (app: FastifyInstance) => {
  const pending = new Set<Promise<void>>();
  const background: Background = {
    run(label, task) {
      const done: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
        .then(task)
        .catch((err: unknown) => app.log.error({ err }, `${label} failed`))
        .finally(() => pending.delete(done));
      pending.add(done);
    },
    async idle() {
      while (pending.size > 0) await Promise.all([...pending]);
    },
  };
  app.decorate('background', background);
  app.addHook('onClose', async () => background.idle());
});
