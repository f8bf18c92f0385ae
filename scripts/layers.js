/**
 * The floors of `src/`, lowest first (README "Layout"): a folder imports only from floors below its
 * own, never from its own floor's other folders, so the folders cannot form a cycle; `app/` composes
 * and only `src/main.tsx` imports it. eslint.config.js turns this into import-x's restricted-path
 * zones; scripts/layers.test.ts checks the config and the import graph.
 */
/** @type {readonly (readonly string[])[]} */
export const LAYERS = [
  ['config', 'storage', 'effects'],
  ['api', 'i18n', 'ui'],
  ['catalogue', 'offline', 'sw-client'],
  ['flags', 'frames', 'gating', 'session'],
  ['context', 'maintenance', 'push'],
  ['navigation', 'pages'],
  ['access'],
  ['shell'],
  ['app'],
];

/**
 * One zone per folder: everything on its floor (other folders) and above it is out of reach.
 * @param {readonly (readonly string[])[]} layers
 * @returns {{ target: string; from: string[]; message: string }[]}
 */
export function layerZones(layers = LAYERS) {
  return layers.flatMap((floor, index) =>
    floor.flatMap((folder) => {
      const above = layers.slice(index + 1).flat();
      const beside = floor.filter((other) => other !== folder);
      const from = [...beside, ...above].map((other) => `./src/${other}`);
      // The top floor (app/) has nothing above it.
      return from.length === 0
        ? []
        : [{ target: `./src/${folder}`, from, message: `src/${folder} is on floor ${index} (${floor.join(', ')}): it may import only from the floors below it (scripts/layers.js).` }];
    }),
  );
}
