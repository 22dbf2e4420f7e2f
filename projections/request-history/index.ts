// What the rest of the app uses of the request-history read model beside its
// queries (queries.ts), and the query parts that leave and regularization
// requests share.
export { requestDecider, teamDeciders, type DecidingTeams } from './deciders.ts';
export { requestsToReassign, type RequestToReassign } from './reassignments.ts';
export { PRODUCT_ACTOR, REQUEST_ACTIONS, type RequestAction } from './request-history.ts';
export { progressOf, toProcessOf } from './request-rows.ts';
export { requestVisibleTo } from './visibility.ts';
