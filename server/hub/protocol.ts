/**
 * The SignalR JSON hub protocol, version 1, as aspnetcore's src/SignalR/docs/specs/HubProtocol.md
 * describes it. No maintained SignalR server exists for Node, so the sandbox speaks the protocol
 * itself; the official @microsoft/signalr client is what the tests hold it to.
 */
import { z } from 'zod';

/** Ends every record. JSON.stringify escapes control characters, so it never occurs inside one. */
export const RECORD_SEPARATOR = '\x1e';

export const MessageType = {
  Invocation: 1,
  StreamItem: 2,
  Completion: 3,
  StreamInvocation: 4,
  CancelInvocation: 5,
  Ping: 6,
  Close: 7,
} as const;

/** What this server sends. Invocations carry no invocationId: the hub never waits for an answer. */
export type ServerMessage =
  | { type: typeof MessageType.Invocation; target: string; arguments: unknown[] }
  | { type: typeof MessageType.Completion; invocationId: string; result?: unknown; error?: string }
  | { type: typeof MessageType.Ping }
  | { type: typeof MessageType.Close; error?: string; allowReconnect?: boolean };

const Invocation = z.object({
  type: z.literal(MessageType.Invocation),
  invocationId: z.string().optional(),
  target: z.string(),
  arguments: z.array(z.unknown()),
  streamIds: z.array(z.string()).optional(),
});
const StreamInvocation = z.object({
  type: z.literal(MessageType.StreamInvocation),
  invocationId: z.string(),
  target: z.string(),
  arguments: z.array(z.unknown()),
});
const CancelInvocation = z.object({
  type: z.literal(MessageType.CancelInvocation),
  invocationId: z.string(),
});
const Ping = z.object({ type: z.literal(MessageType.Ping) });
const Close = z.object({ type: z.literal(MessageType.Close), error: z.string().nullish() });

const Typed = z.object({ type: z.number().int() });
const schemaOf = new Map<number, z.ZodType>([
  [MessageType.Invocation, Invocation],
  [MessageType.StreamInvocation, StreamInvocation],
  [MessageType.CancelInvocation, CancelInvocation],
  [MessageType.Ping, Ping],
  [MessageType.Close, Close],
]);

/**
 * What a client may send. `ignored` covers stream items and completions (this hub never invokes a
 * client method with an id, nor accepts uploads), stateful-reconnect acks and types newer than this
 * implementation: the spec lets a callee ignore them.
 */
export type ClientMessage =
  | z.infer<typeof Invocation>
  | z.infer<typeof StreamInvocation>
  | z.infer<typeof CancelInvocation>
  | z.infer<typeof Ping>
  | z.infer<typeof Close>
  | { type: 'ignored' };

export class ProtocolError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ProtocolError';
  }
}

export function encode(message: ServerMessage | HandshakeResponse): string {
  return JSON.stringify(message) + RECORD_SEPARATOR;
}

/** Splits received text into whole records; `rest` is an unfinished record to prepend to the next frame. */
export function splitRecords(text: string): { records: string[]; rest: string } {
  const parts = text.split(RECORD_SEPARATOR);
  const rest = parts.pop() ?? '';
  return { records: parts, rest };
}

function parseJson(record: string): unknown {
  try {
    return JSON.parse(record);
  } catch {
    throw new ProtocolError('A message is not valid JSON.');
  }
}

export function parseClientMessage(record: string): ClientMessage {
  const value = parseJson(record);
  const type = Typed.safeParse(value);
  if (!type.success) throw new ProtocolError('A message has no numeric type.');
  const schema = schemaOf.get(type.data.type);
  if (!schema) return { type: 'ignored' };
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ProtocolError(
      `A message of type ${type.data.type} is malformed at '${issue?.path.join('.') ?? ''}': ${issue?.message ?? 'invalid'}.`,
    );
  }
  return parsed.data as ClientMessage;
}

export type HandshakeResponse = Record<string, never> | { error: string };

const HandshakeRequest = z.object({ protocol: z.string(), version: z.number().int() });

/** The answer to the first record a client sends; an `error` means the connection must close. */
export function answerHandshake(record: string): HandshakeResponse {
  let value: unknown;
  try {
    value = parseJson(record);
  } catch {
    return { error: 'The handshake request is not valid JSON.' };
  }
  const request = HandshakeRequest.safeParse(value);
  if (!request.success) return { error: 'The handshake request needs a protocol and a version.' };
  const { protocol, version } = request.data;
  if (protocol !== 'json') return { error: `Requested protocol '${protocol}' is not available.` };
  if (version !== 1)
    return { error: `The server does not support version ${version} of the 'json' protocol.` };
  return {};
}
