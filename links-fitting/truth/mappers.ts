// Every task's truth mapper, imported by name: fitting, evaluation and the sample's reviewers look a task's mapper up
// here instead of importing `truth/<task>.ts` by a computed path, so the import graph (and the type checker) sees them.
import type { LinkTask } from '../../pipeline/links/model-file.ts';
import l1 from './l1.ts';
import l2 from './l2.ts';
import l3 from './l3.ts';
import l4 from './l4.ts';
import l5 from './l5.ts';
import l6 from './l6.ts';
import l7 from './l7.ts';
import position from './position.ts';
import topic from './topic.ts';
import type { TruthMapper } from './types.ts';

/** The truth mapper of each link task (a Record over every task, so a new task without a mapper fails to compile). */
export const TRUTH_MAPPERS: Readonly<Record<LinkTask, TruthMapper>> = { L1: l1, L2: l2, L3: l3, L4: l4, L5: l5, L6: l6, L7: l7, position, topic };
