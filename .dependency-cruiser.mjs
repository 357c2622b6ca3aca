// Import boundaries, checked in CI by `npm run lint:deps` (part of `npm run lint`).
// docs/ARCHITECTURE.md ("Boundaries") says the rules in prose; this file is the source of truth.

const TEST_FILE = '\\.test\\.tsx?$';
const DOMAINS = '^server/src/domains/';
// One folder per broker (adapters/kite/, adapters/binance/), reached only through brokers/broker-registry.ts.
const BROKER_ADAPTERS = '^server/src/domains/brokers/adapters/';

// What one domain may import from another: the files that are written to be used from outside
// (services, pure logic, types, errors, presenters, the module that wires it, ports and registries).
// Only files at the top of a domain folder count; anything in a subfolder (adapters/) is private.
const PUBLIC_DOMAIN_FILES = [
  `${DOMAINS}[^/]+/[^/]+\\.(service|logic|types|errors|presenter|module)\\.ts$`,
  `${DOMAINS}[^/]+/[^/]+-(port|registry)\\.ts$`,
  `${DOMAINS}[^/]+/index\\.ts$`,
  // The live-price hub is how engine and ledger subscribe to candles and marks: market-data's published face.
  `${DOMAINS}market-data/hub\\.ts$`,
];

/** @type {import('dependency-cruiser').IConfiguration} */
export default {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'An import circle: the modules on it cannot be loaded, tested or understood one at a time.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'no-shared-layer-to-domain',
      severity: 'error',
      comment:
        'platform, db and protocols sit below the domains: a domain may use them, never the other way round. ' +
        'Wire domain code in from app.ts or main.ts instead.',
      from: { path: '^server/src/(platform|db|protocols)/', pathNot: TEST_FILE },
      to: { path: DOMAINS },
    },
    {
      name: 'no-domain-insides',
      severity: 'error',
      comment:
        'A domain may use another domain only through its public files (*.service, *.logic, *.types, *.errors, ' +
        '*.presenter, *.module, *-port, *-registry, index): never its repositories, routes, workers or adapters.',
      from: { path: `${DOMAINS}([^/]+)/`, pathNot: TEST_FILE },
      to: { path: DOMAINS, pathNot: [`${DOMAINS}$1/`, ...PUBLIC_DOMAIN_FILES] },
    },
    {
      name: 'no-broker-adapter-outside-registry',
      severity: 'error',
      comment:
        "A broker's adapter is reached through brokers/broker-registry.ts, so that product code never " +
        'depends on one broker. Only the adapter itself, the registry, the sandbox and tests import it.',
      from: {
        path: '^server/src/',
        pathNot: [
          TEST_FILE,
          '^server/src/domains/brokers/broker-registry\\.ts$',
          `${BROKER_ADAPTERS}[^/]+/`,
          '^server/src/sandbox/',
        ],
      },
      to: { path: `${BROKER_ADAPTERS}[^/]+/` },
    },
    {
      name: 'no-broker-adapter-across-brokers',
      severity: 'error',
      comment: "One broker's adapter does not reach into another's: what they share lives beside the registry.",
      from: { path: `${BROKER_ADAPTERS}([^/]+)/`, pathNot: TEST_FILE },
      to: { path: `${BROKER_ADAPTERS}[^/]+/`, pathNot: `${BROKER_ADAPTERS}$1/` },
    },
    {
      name: 'resolvable',
      severity: 'error',
      comment: 'An import this check cannot follow would hide the edges behind it from every rule above.',
      from: {},
      to: { couldNotResolve: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['/dist/', 'node_modules', TEST_FILE, '^server/test/'] },
    tsPreCompilationDeps: true,
    // Only for how imports resolve (NodeNext: './x.js' is x.ts); which files are cruised is set by the command line.
    tsConfig: { fileName: 'tsconfig.json' },
    // '@app/contract' resolves to its TypeScript source, as tsc and vitest read it ("source" condition).
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['source', 'import', 'default'] },
    combinedDependencies: false,
  },
};
