import { describe, expect, it } from 'vitest';
import { decidedAt, withDecidedAt } from './decided-at.ts';
import type { EventMetadata } from './types.ts';

const recordedAt = '2026-05-01T12:00:00.000Z';
const stored = (metadata: EventMetadata) => ({ metadata, recordedAt });

describe('when an event happened', () => {
  it('is when its command was decided', () => {
    expect(decidedAt(stored({ correlationId: 'c', decidedAt: '2026-03-10T09:00:00.000Z' }))).toBe('2026-03-10T09:00:00.000Z');
  });

  it('is when it was recorded, for an event written before commands were stamped', () => {
    expect(decidedAt(stored({ correlationId: 'c' }))).toBe(recordedAt);
  });

  it('is when it was recorded, when the stamp is no instant', () => {
    expect(decidedAt(stored({ correlationId: 'c', decidedAt: 'yesterday' }))).toBe(recordedAt);
    expect(decidedAt(stored({ correlationId: 'c', decidedAt: 1_700_000_000_000 } as unknown as EventMetadata))).toBe(recordedAt);
  });
});

describe('stamping metadata with the decider’s clock', () => {
  it('adds the clock, and keeps a stamp already there', () => {
    const now = new Date('2026-03-10T09:00:00Z');
    expect(withDecidedAt({ correlationId: 'c' }, now)).toEqual({ correlationId: 'c', decidedAt: '2026-03-10T09:00:00.000Z' });
    expect(withDecidedAt({ correlationId: 'c', decidedAt: '2026-01-01T00:00:00.000Z' }, now).decidedAt).toBe('2026-01-01T00:00:00.000Z');
  });
});
