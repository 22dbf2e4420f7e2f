import { describe, expect, it } from 'vitest';
import { localDayNote } from './localDayNote';

describe('localDayNote', () => {
  it('says nothing when the people shown share the viewer’s zone, by its current name', () => {
    expect(localDayNote(['Asia/Kolkata'], 'Asia/Calcutta')).toBeNull();
    expect(localDayNote([], 'Asia/Kolkata')).toBeNull();
  });
  it('names the person’s zone when their day is not the viewer’s', () => {
    expect(localDayNote(['America/New_York'], 'Asia/Kolkata')).toBe('local day in America/New_York');
  });
  it('says each row is its person’s own day when zones differ', () => {
    expect(localDayNote(['Asia/Kolkata', 'America/New_York'], 'Asia/Kolkata')).toBe('each person’s local day');
  });
});
