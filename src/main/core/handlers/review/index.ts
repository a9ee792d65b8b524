import type { Handler } from '../../router/router';
import type { GitContext } from '../context';

/* Comments on a session's diff (issue 35): each a thin call into the core's ReviewService. */

export const reviewList: Handler<'review:list', GitContext> = async (input, s) => ({ comments: await s.reviews.list(input.id) });

export const reviewAdd: Handler<'review:add', GitContext> = (input, s) =>
  s.reviews.add(input.id, { path: input.path, side: input.side, startLine: input.startLine, endLine: input.endLine, body: input.body });

export const reviewEdit: Handler<'review:edit', GitContext> = (input, s) => s.reviews.edit(input.id, input.commentId, input.body);

export const reviewDelete: Handler<'review:delete', GitContext> = (input, s) => {
  s.reviews.remove(input.id, input.commentId);
  return {};
};

export const reviewResolve: Handler<'review:resolve', GitContext> = (input, s) => s.reviews.resolve(input.id, input.commentId);

export const reviewText: Handler<'review:text', GitContext> = (input, s) => ({ text: s.reviews.text(input.id) });

export const reviewSend: Handler<'review:send', GitContext> = (input, s) => s.reviews.send(input.id);
