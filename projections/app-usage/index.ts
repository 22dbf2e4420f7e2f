// What other read models use of the app-usage read model: its rule for unproductive time.
export { unproductiveByUnit, type UnproductiveScope } from './unproductive.ts';
