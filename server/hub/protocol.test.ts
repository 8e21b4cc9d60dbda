import { describe, expect, it } from 'vitest';
import { answerHandshake, encode, parseClientMessage, ProtocolError, splitRecords } from './protocol.js';

describe('answerHandshake', () => {
  it.each([
    ['{"protocol":"json","version":1}', {}],
    [
      '{"protocol":"messagepack","version":1}',
      { error: "Requested protocol 'messagepack' is not available." },
    ],
    [
      '{"protocol":"json","version":2}',
      { error: "The server does not support version 2 of the 'json' protocol." },
    ],
    ['{"protocol":"json"}', { error: 'The handshake request needs a protocol and a version.' }],
    ['{"type":6}', { error: 'The handshake request needs a protocol and a version.' }],
    ['hello', { error: 'The handshake request is not valid JSON.' }],
  ])('answers %s with %j', (record, answer) => {
    expect(answerHandshake(record)).toEqual(answer);
  });
});

describe('parseClientMessage', () => {
  it.each([
    [
      '{"type":1,"invocationId":"1","target":"Echo","arguments":[2],"headers":{"a":"b"}}',
      { type: 1, invocationId: '1', target: 'Echo', arguments: [2] },
    ],
    ['{"type":1,"target":"Echo","arguments":[]}', { type: 1, target: 'Echo', arguments: [] }],
    [
      '{"type":4,"invocationId":"2","target":"Echo","arguments":[]}',
      { type: 4, invocationId: '2', target: 'Echo', arguments: [] },
    ],
    ['{"type":5,"invocationId":"2"}', { type: 5, invocationId: '2' }],
    ['{"type":6}', { type: 6 }],
    ['{"type":7,"error":null}', { type: 7, error: null }],
    // Stream items, completions, acks and newer types are the callee's to ignore.
    ['{"type":2,"invocationId":"1","item":3}', { type: 'ignored' }],
    ['{"type":3,"invocationId":"1","result":3}', { type: 'ignored' }],
    ['{"type":8,"sequenceId":4}', { type: 'ignored' }],
    ['{"type":42}', { type: 'ignored' }],
  ])('reads %s', (record, message) => {
    expect(parseClientMessage(record)).toEqual(message);
  });

  it.each([
    ['{"type":1,"invocationId":"1","arguments":[]}', "malformed at 'target'"],
    ['{"type":1,"invocationId":1,"target":"Echo","arguments":[]}', "malformed at 'invocationId'"],
    ['{"type":"1"}', 'no numeric type'],
    ['[1]', 'no numeric type'],
    ['{"type":1', 'not valid JSON'],
  ])('refuses %s as a protocol error', (record, reason) => {
    expect(() => parseClientMessage(record)).toThrow(ProtocolError);
    expect(() => parseClientMessage(record)).toThrow(reason);
  });
});

describe('records', () => {
  it('ends each record with 0x1E, which JSON never leaves unescaped inside one', () => {
    const record = encode({ type: 1, target: 'T', arguments: ['a\x1eb'] });
    expect(record).toBe('{"type":1,"target":"T","arguments":["a\\u001eb"]}\x1e');
    expect(splitRecords(record + record.slice(0, 5))).toEqual({
      records: [record.slice(0, -1)],
      rest: record.slice(0, 5),
    });
  });
});
