/** The jobs context's public entry (docs/server-modules.md, "Boundaries"): what other contexts may import. */
// The one scheduler every periodic job registers with, and the handles and context a job runs with.
export { JobScheduler } from './job-scheduler';
export type { JobContext, JobHandle } from './job-scheduler';
