/** The jobs module's public surface (docs/decisions/049): other modules import from here. */
export { type Jobs, type JobsPluginOptions, jobsPlugin } from './jobs.plugin.ts';
export { enqueueDrain, enqueueJob, type JobContext, type JobKind, JobStopped, queuePositions } from './jobs.service.ts';
export { type Outbox, outboxSender } from './outbox-sender.ts';
