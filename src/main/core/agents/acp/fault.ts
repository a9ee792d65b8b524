/** A typed fault of an ACP agent: its message is the plain sentence of the error entry. */
export class AgentFault extends Error {
  override readonly name = 'AgentFault';
}
