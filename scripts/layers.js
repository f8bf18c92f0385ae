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
  // The outbox: frames hand it writes, the session's logout runs its step, the shell shows it.
  ['outbox'],
  ['flags', 'frames', 'gating', 'session'],
  // Scanning (README "Scanning") beside the shared device: neither imports the other, the shell joins them.
  ['context', 'maintenance', 'push', 'shared-device', 'scanner'],
  ['navigation', 'pages', 'start'],
  ['access'],
  ['shell'],
  ['app'],
];

/**
 * Folders that others may import only through one file: the rest is theirs alone.
 * @type {Readonly<Record<string, string>>}
 */
export const PUBLIC_ENTRIES = { start: 'index.ts', outbox: 'index.ts' };

/**
 * Scripts of src/ built on their own, and the one file of a folder with a public entry each may reach
 * directly: the boot step is a classic script of ~6 KB that runs before the app, so it must not pull
 * the app's modules (and their CSS) in through the public entry.
 * @type {Readonly<Record<string, string>>}
 */
export const ENTRY_SCRIPTS = { 'frame-first.ts': 'start/frame-first/boot-step.ts' };

/**
 * One zone per folder: everything on its floor (other folders) and above it is out of reach; and for
 * a folder with a public entry, everything in it but that entry, from every other folder and file.
 * @param {readonly (readonly string[])[]} layers
 * @returns {{ target: string; from: string[]; message: string }[]}
 */
export function layerZones(layers = LAYERS, entries = PUBLIC_ENTRIES, scripts = ENTRY_SCRIPTS) {
  const floors = layers.flatMap((floor, index) =>
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
  const publicOnly = Object.entries(entries).flatMap(([folder, entry]) => {
    const from = `./src/${folder}`;
    const message = `src/${folder} is imported through its public entry only: src/${folder}/${entry} (scripts/layers.js).`;
    const others = layers.flat().filter((other) => other !== folder).map((other) => `./src/${other}`);
    const ownFile = (reaches) => (reaches.startsWith(`${folder}/`) ? [`./${reaches.slice(folder.length + 1)}`] : []);
    return [
      { target: [...others, './src/main.tsx'], from, except: [`./${entry}`], message },
      ...Object.entries(scripts).map(([script, reaches]) => ({ target: [`./src/${script}`], from, except: [`./${entry}`, ...ownFile(reaches)], message })),
    ];
  });
  return [...floors, ...publicOnly];
}
