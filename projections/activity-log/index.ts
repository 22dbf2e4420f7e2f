// What the rest of the app uses of the activity-log read model beside its queries (queries.ts).
export { ACTIVITY_KINDS, type ActivityKind } from './activity.ts';
