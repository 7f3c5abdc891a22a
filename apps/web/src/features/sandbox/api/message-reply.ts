/** The part of a sandbox action's reply the screen shows: its toast text (document 2, section 8). */
export interface SandboxMessageReply {
  message: string;
}

/** A light reader for replies whose full contract lives with the server module that answers them. */
export const sandboxMessageReply = {
  parse(data: unknown): SandboxMessageReply {
    if (typeof data === 'object' && data !== null && typeof (data as { message?: unknown }).message === 'string') {
      return data as SandboxMessageReply;
    }
    throw new Error('The sandbox reply has no message');
  },
};
