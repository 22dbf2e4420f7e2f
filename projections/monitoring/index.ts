// What the API uses of the performance read model beside its queries (queries.ts): the shape of its answer.
export { PerformanceDashboard, PerformanceTotals } from './views.ts';
