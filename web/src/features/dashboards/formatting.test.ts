import { describe, expect, it } from 'vitest';
import { formatClock } from '../../shared/format/formatClock';
import { formatDay } from '../../shared/format/formatDay';
import { formatRange } from '../../shared/format/formatRange';

describe('formatClock', () => {
  it('shows the 24-hour wall clock of the zone', () => {
    expect(formatClock('2025-07-14T21:05:59Z', 'Europe/Berlin')).toBe('23:05');
    expect(formatClock('2025-07-14T21:05:00Z', 'Asia/Kolkata')).toBe('02:35');
  });
});

describe('formatDay', () => {
  it('names the weekday and the date', () => {
    expect(formatDay('2025-07-14')).toBe('Mon, Jul 14, 2025');
  });
});

describe('formatRange', () => {
  it('names one day once, else both ends', () => {
    expect(formatRange({ from: '2025-07-14', to: '2025-07-14' })).toBe('Mon, Jul 14, 2025');
    expect(formatRange({ from: '2025-07-08', to: '2025-07-14' })).toBe('Tue, Jul 8, 2025 – Mon, Jul 14, 2025');
  });
});
