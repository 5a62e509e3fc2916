/**
 * The import rules `npm run check:structure` enforces (decision 0150): the web app's layers, no circles anywhere, and
 * the walls between the workspaces. dependency-cruiser reads the imports themselves, type-only and dynamic ones too.
 */

const WEB = 'apps/web/src';

/**
 * The web app's layers, lowest first. A layer imports its own folders and the layers below it, never one above; the
 * folders of one layer may import each other as long as no circle forms.
 */
const WEB_LAYERS = [
  { name: 'lib', folders: ['lib'] },
  { name: 'api', folders: ['api'] },
  { name: 'session', folders: ['session', 'partner', 'cookie-consent'] },
  { name: 'components', folders: ['components'] },
  { name: 'features', folders: ['features'] },
  { name: 'app', folders: ['app'] },
];

const inWeb = (folders) => `^${WEB}/(${folders.join('|')})/`;

const layerRules = WEB_LAYERS.slice(0, -1).map((layer, index) => {
  const higher = WEB_LAYERS.slice(index + 1);
  return {
    name: `web-${layer.name}-imports-no-higher-layer`,
    comment: `${layer.folders.join(', ')} sit below ${higher.map(({ name }) => name).join(', ')}.`,
    severity: 'error',
    from: { path: inWeb(layer.folders) },
    to: { path: inWeb(higher.flatMap(({ folders }) => folders)) },
  };
});

/** What in the web app's src/ stands outside the layers: the entry, the test setup and the source-scanning test. */
const WEB_OUTSIDE_LAYERS = `^${WEB}/(main\\.tsx$|architecture\\.test\\.ts$|test/)`;

export default {
  forbidden: [
    ...layerRules,
    {
      name: 'web-app-only-from-main',
      comment: 'app/ composes the whole app (providers, routes, shell, screens): only the entry imports it.',
      severity: 'error',
      from: { pathNot: `^${WEB}/(app/|main\\.tsx$)` },
      to: { path: `^${WEB}/app/` },
    },
    {
      name: 'web-source-in-a-layer',
      comment: `A new folder of ${WEB} joins a layer in WEB_LAYERS, so the layer rules see it.`,
      severity: 'error',
      from: { path: `^${WEB}/`, pathNot: [inWeb(WEB_LAYERS.flatMap(({ folders }) => folders)), WEB_OUTSIDE_LAYERS] },
      to: {},
    },
    {
      name: 'no-circular-folders',
      comment:
        'Two folders that need each other are one part, or share a part that belongs lower. The server still has ' +
        'such circles (src/db with src/auth; src with test/support, whose helpers tests in src use) and stays ' +
        'outside this rule until they are untied.',
      severity: 'error',
      scope: 'folder',
      from: { pathNot: '^apps/server/' },
      to: { circular: true },
    },
    {
      name: 'no-circular',
      comment: 'Modules that import each other cannot be understood, tested or loaded one without the other.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'web-not-server',
      comment: 'The web app and the server share only the contract (packages/contract).',
      severity: 'error',
      from: { path: '^apps/web/' },
      to: { path: '^apps/server/' },
    },
    {
      name: 'contract-not-apps',
      comment: 'The contract is what the apps share: it imports none of them.',
      severity: 'error',
      from: { path: '^packages/contract/' },
      to: { path: '^apps/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(dist|data)/' },
    // Type-only imports tie modules as much as any other: a circle through a type is still a circle.
    tsPreCompilationDeps: true,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      mainFields: ['module', 'main', 'types', 'typings'],
    },
  },
};
