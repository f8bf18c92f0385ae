import { runBootStep } from './start/frame-first/boot-step.ts';

/** The boot step that index.html runs before anything else: a thin entry, built as one classic script (src/start/frame-first/boot-step.ts). */
runBootStep(document.currentScript);
