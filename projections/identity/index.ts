// What the API uses of the sessions read model beside its queries: the tables whose change clears cached session checks.
export { sessionsProjection } from './sessions.ts';
