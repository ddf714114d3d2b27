import { doctorCommand } from './doctor.js';
import { initCommand } from './init.js';
import type { MetaCommand } from './meta-command.js';

/** The commands about the bridge itself, in the order `--help` lists them. */
export const META_COMMANDS: readonly MetaCommand[] = [doctorCommand, initCommand];
