import type { Handler } from '../../router/router';
import type { CheckpointsContext } from '../context';

// A session's checkpoints (issue 36): the row is read here, so an unknown id is NOT_FOUND before git runs.
export const checkpointsList: Handler<'checkpoints:list', CheckpointsContext> = async (input, s) => ({
  items: await s.checkpoints.list(s.sessions.get(input.id)),
});

export const checkpointsDiff: Handler<'checkpoints:diff', CheckpointsContext> = (input, s) => s.checkpoints.diff(s.sessions.get(input.id), input.commit);

export const checkpointsRestore: Handler<'checkpoints:restore', CheckpointsContext> = (input, s) =>
  s.checkpoints.restore(s.sessions.get(input.id), input.commit);
