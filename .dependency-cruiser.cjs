// The import rules of Timeledger (see README, "Dependency rules"). `npm run deps:check`
// checks them and `npm test` runs it: an import against them fails the build.
//
// Layers, lowest first: domain/ (pure) ← eventstore/ ← projections/ ← api/.
// web/ imports only web/ and the pure rules of domain/.

/** A context's route modules: api/<context>/routes.ts, or api/<context>/<part>-routes.ts when it has several. */
const ROUTE_MODULES = '^api/[^/]+/[^/]*routes\\.ts$';
/** Files of api/ that are the HTTP edge or sit above it: they may import api/http/. */
const API_EDGE = `^api/http/|${ROUTE_MODULES}|^api/(app|server)\\.ts$`;
/** Tests, and the benchmarks that drive the projections themselves. */
const TESTS = '\\.test\\.tsx?$|^tests/|^scripts/bench/';

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'A cycle of imports: one of them runs the wrong way. Move what both need to a lower module.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'domain-is-pure',
      severity: 'error',
      comment: 'domain/ is the bottom layer: it imports no other layer of the app.',
      from: { path: '^domain/' },
      to: { path: '^(eventstore|projections|api|web|scripts|migrations|tests)/' },
    },
    {
      name: 'eventstore-below-projections',
      severity: 'error',
      comment: 'eventstore/ knows nothing of the read models, the API or the web app.',
      from: { path: '^eventstore/' },
      to: { path: '^(projections|api|web|scripts)/' },
    },
    {
      name: 'projections-below-api',
      severity: 'error',
      comment: 'projections/ knows nothing of the API or the web app.',
      from: { path: '^projections/' },
      to: { path: '^(api|web|scripts)/' },
    },
    {
      name: 'api-not-web',
      severity: 'error',
      comment: 'The API does not import the web app.',
      from: { path: '^api/', pathNot: TESTS },
      to: { path: '^(web|scripts)/' },
    },
    {
      name: 'services-not-http',
      severity: 'error',
      comment:
        'api/http/ is the HTTP edge (requests, sessions, access, error mapping). Services and the modules under them ' +
        'do not import it; what both need lives below it (domain/, api/access/, api/<context>/).',
      from: { path: '^api/', pathNot: [API_EDGE, TESTS] },
      to: { path: '^api/http/' },
    },
    {
      name: 'routes-on-top',
      severity: 'error',
      comment:
        'Only the app (api/app.ts, api/server.ts) registers route modules; nothing below imports them (route modules ' +
        'may share a part, as leave and regularization share the pending-request routes).',
      from: { path: '^api/', pathNot: ['^api/(app|server)\\.ts$', ROUTE_MODULES, TESTS] },
      to: { path: ROUTE_MODULES },
    },
    {
      name: 'read-model-through-queries',
      severity: 'error',
      comment:
        "A read model's tables are read only through its own queries: from outside projections/<model>/ import its " +
        'queries.ts (or index.ts, its public face). The projection runner and registry (projections/*.ts), tests and ' +
        'benchmarks may load the projections themselves.',
      from: { pathNot: ['^projections/', TESTS] },
      to: { path: '^projections/[^/]+/', pathNot: '^projections/[^/]+/(queries|index)\\.ts$' },
    },
    {
      name: 'read-model-through-queries-between-models',
      severity: 'error',
      comment: "One read model reads another's tables only through that model's queries.ts (or index.ts).",
      from: { path: '^projections/([^/]+)/', pathNot: TESTS },
      to: { path: '^projections/[^/]+/', pathNot: '^projections/$1/|^projections/[^/]+/(queries|index)\\.ts$' },
    },
    {
      name: 'web-only-web-and-domain',
      severity: 'error',
      comment: 'The web app imports the web app and the pure rules of domain/; API answer types come from web/src/lib/openapi.ts (npm run api:types).',
      from: { path: '^web/' },
      to: { path: '^(eventstore|projections|api|scripts|migrations|tests)/' },
    },
    {
      name: 'feature-not-another-feature',
      severity: 'error',
      comment:
        'A feature of the web app does not import another feature: what several features use lives in web/src/shared/ ' +
        '(the app shell that composes features is web/src/layout/, the router web/src/routes/).',
      from: { path: '^web/src/features/([^/]+)/' },
      to: { path: '^web/src/features/', pathNot: '^web/src/features/$1/' },
    },
    {
      name: 'shared-below-features',
      severity: 'error',
      comment: 'web/src/shared/ and web/src/lib/ are below the features, the app shell and the router.',
      from: { path: '^web/src/(shared|lib)/' },
      to: { path: '^web/src/(features|layout|routes)/' },
    },
    {
      name: 'lib-below-shared',
      severity: 'error',
      comment: 'web/src/lib/ (API client, query client) is below the shared UI.',
      from: { path: '^web/src/lib/' },
      to: { path: '^web/src/shared/' },
    },
    {
      name: 'features-below-shell',
      severity: 'error',
      comment: 'Features do not import the app shell or the router.',
      from: { path: '^web/src/features/' },
      to: { path: '^web/src/(layout|routes)/' },
    },
    {
      name: 'shell-below-routes',
      severity: 'error',
      comment: 'The app shell does not import the router.',
      from: { path: '^web/src/layout/' },
      to: { path: '^web/src/routes/' },
    },
    {
      name: 'not-to-unresolvable',
      severity: 'error',
      comment: 'An import that resolves to no file.',
      from: {},
      to: { couldNotResolve: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(node_modules|web/dist)/' },
    // Type-only imports count: a type import the wrong way is still the wrong way.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      extensions: ['.ts', '.tsx', '.mjs', '.js', '.cjs', '.json'],
      // Packages such as typebox and vite publish only an `exports` map.
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default'],
    },
  },
};
