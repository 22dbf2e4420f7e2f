import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { cruise } from 'dependency-cruiser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// The import rules (.dependency-cruiser.cjs) held against a small tree laid
// out like this repository: each rule must catch the import it names, and
// the imports the layering allows must pass. A rule whose path pattern
// matched nothing would otherwise pass `npm run deps:check` silently.
const config = createRequire(import.meta.url)('../.dependency-cruiser.cjs');

/** file → the files it imports. */
const tree: Record<string, string[]> = {
  // Imports the rules allow.
  'domain/rules.ts': [],
  'eventstore/store.ts': ['domain/rules.ts'],
  'projections/runner.ts': ['projections/model/model.ts'],
  'projections/model/model.ts': ['eventstore/store.ts', 'projections/model/rows.ts'],
  'projections/model/rows.ts': [],
  'projections/model/queries.ts': ['projections/model/rows.ts'],
  'projections/model/index.ts': ['projections/model/rows.ts'],
  'projections/other/queries.ts': ['projections/model/queries.ts', 'projections/model/index.ts'],
  'api/access/membership.ts': ['projections/model/queries.ts'],
  'api/http/access.ts': ['api/access/membership.ts'],
  'api/billing/service.ts': ['api/access/membership.ts', 'projections/model/index.ts'],
  'api/billing/routes.ts': ['api/http/access.ts', 'api/billing/service.ts'],
  'api/requests/routes.ts': ['api/http/access.ts'],
  'api/leave/routes.ts': ['api/http/access.ts', 'api/requests/routes.ts'],
  'api/organisation/team-routes.ts': ['api/http/access.ts'],
  'api/app.ts': ['api/billing/routes.ts', 'api/leave/routes.ts', 'api/organisation/team-routes.ts'],
  'api/billing/routes.test.ts': ['projections/model/model.ts', 'web/src/shared/live/keys.ts'],
  'web/src/lib/api.ts': [],
  'web/src/shared/live/keys.ts': ['web/src/lib/api.ts', 'domain/rules.ts'],
  'web/src/features/timer/TimerBar.tsx': ['web/src/shared/live/keys.ts', 'web/src/features/timer/useTimer.ts'],
  'web/src/features/timer/useTimer.ts': [],
  'web/src/layout/MainLayout.tsx': ['web/src/features/timer/TimerBar.tsx'],
  'web/src/routes/router.ts': ['web/src/layout/MainLayout.tsx'],

  // One import against each rule.
  'domain/cycle-a.ts': ['domain/cycle-b.ts'],
  'domain/cycle-b.ts': ['domain/cycle-a.ts'],
  'domain/impure.ts': ['eventstore/store.ts'],
  'eventstore/reads-model.ts': ['projections/model/queries.ts'],
  'projections/model/calls-api.ts': ['api/billing/service.ts'],
  'api/billing/renders.ts': ['web/src/lib/api.ts'],
  'api/billing/uses-http.ts': ['api/http/access.ts'],
  'api/billing/registers.ts': ['api/organisation/team-routes.ts'],
  'api/billing/reads-rows.ts': ['projections/model/rows.ts'],
  'projections/other/reads-rows.ts': ['projections/model/rows.ts'],
  'web/src/features/timer/reads-model.ts': ['projections/model/queries.ts'],
  'web/src/features/leave/LeavePage.tsx': ['web/src/features/timer/useTimer.ts'],
  'web/src/shared/live/feature.ts': ['web/src/features/timer/useTimer.ts'],
  'web/src/lib/shared.ts': ['web/src/shared/live/keys.ts'],
  'web/src/features/timer/shell.ts': ['web/src/layout/MainLayout.tsx'],
  'web/src/layout/router.ts': ['web/src/routes/router.ts'],
  'domain/missing.ts': ['domain/nowhere.ts'],
};

const expected = [
  ['domain/cycle-a.ts', 'no-circular'],
  ['domain/impure.ts', 'domain-is-pure'],
  ['eventstore/reads-model.ts', 'eventstore-below-projections'],
  ['projections/model/calls-api.ts', 'projections-below-api'],
  ['api/billing/renders.ts', 'api-not-web'],
  ['api/billing/uses-http.ts', 'services-not-http'],
  ['api/billing/registers.ts', 'routes-on-top'],
  ['api/billing/reads-rows.ts', 'read-model-through-queries'],
  ['projections/other/reads-rows.ts', 'read-model-through-queries-between-models'],
  ['web/src/features/timer/reads-model.ts', 'web-only-web-and-domain'],
  ['web/src/features/leave/LeavePage.tsx', 'feature-not-another-feature'],
  ['web/src/shared/live/feature.ts', 'shared-below-features'],
  ['web/src/lib/shared.ts', 'lib-below-shared'],
  ['web/src/features/timer/shell.ts', 'features-below-shell'],
  ['web/src/layout/router.ts', 'shell-below-routes'],
  ['domain/missing.ts', 'not-to-unresolvable'],
];

let base: string;

beforeAll(() => {
  base = mkdtempSync(path.join(tmpdir(), 'dependency-rules-'));
  for (const [file, imports] of Object.entries(tree)) {
    const lines = imports.map((target, i) => {
      let relative = path.relative(path.dirname(file), target);
      if (!relative.startsWith('.')) relative = `./${relative}`;
      return `import * as m${i} from '${relative}';\nexport const u${i} = m${i};`;
    });
    mkdirSync(path.join(base, path.dirname(file)), { recursive: true });
    writeFileSync(path.join(base, file), `${lines.join('\n')}\nexport const name = '${file}';\n`);
  }
});

afterAll(() => rmSync(base, { recursive: true, force: true }));

describe('the import rules', () => {
  it('catch each import against the layering, and only those', async () => {
    const result = await cruise(
      ['domain', 'eventstore', 'projections', 'api', 'web'],
      { baseDir: base, validate: true, ruleSet: { forbidden: config.forbidden }, tsPreCompilationDeps: true },
      { extensions: ['.ts', '.tsx'] },
    );
    if (typeof result.output === 'string') throw new Error('expected a cruise result');
    const found = result.output.summary.violations.map((violation) => [violation.from, violation.rule.name]);
    expect(found.sort()).toEqual([...expected].sort());
  });

  it('each have an import here that they catch', () => {
    const named = new Set(expected.map(([, rule]) => rule));
    expect(config.forbidden.map((rule: { name: string }) => rule.name).filter((name: string) => !named.has(name))).toEqual([]);
  });
});
