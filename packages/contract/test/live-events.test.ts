import { describe, expect, it } from 'vitest';
import { readLiveEvent } from '../src/monitoring/live-events.ts';

describe('a live event read from the wire', () => {
  it('keeps a well-formed event, with or without its notification id', () => {
    expect(readLiveEvent({ type: 'transaction.paid', compId: 3, kind: 'VA', trctId: 9 })).toEqual({
      type: 'transaction.paid',
      compId: 3,
      kind: 'VA',
      trctId: 9,
    });
    expect(
      readLiveEvent({ type: 'notification.sent', compId: 3, kind: 'QRIS', trctId: 9, notiId: 12 }),
    ).toEqual({
      type: 'notification.sent',
      compId: 3,
      kind: 'QRIS',
      trctId: 9,
      notiId: 12,
    });
  });

  it('drops what it does not know rather than passing it to the screens', () => {
    expect(
      readLiveEvent({ type: 'transaction.paid', compId: 3, kind: 'VA', trctId: 9, secret: 'x' }),
    ).toEqual({ type: 'transaction.paid', compId: 3, kind: 'VA', trctId: 9 });
  });

  it.each([
    ['not an object', 'transaction.paid'],
    ['null', null],
    ['an array', [{ type: 'transaction.paid', compId: 3, kind: 'VA', trctId: 9 }]],
    ['an unknown type', { type: 'transaction.deleted', compId: 3, kind: 'VA', trctId: 9 }],
    ['a company id as text', { type: 'transaction.paid', compId: '3', kind: 'VA', trctId: 9 }],
    ['a fractional id', { type: 'transaction.paid', compId: 3, kind: 'VA', trctId: 9.5 }],
    ['an unknown kind', { type: 'transaction.paid', compId: 3, kind: 'CARD', trctId: 9 }],
    [
      'a notification id as text',
      { type: 'notification.sent', compId: 3, kind: 'VA', trctId: 9, notiId: '12' },
    ],
  ])('refuses %s', (_what, value) => {
    expect(readLiveEvent(value)).toBeNull();
  });
});
