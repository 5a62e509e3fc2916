import { describe, expect, it } from 'vitest';
import { addFiles, isAccepted } from './file-selection';

const file = (name: string, size: number, type = 'image/png') => new File([new Uint8Array(size)], name, { type });
const IMAGES = { accept: ['image/*'] };

describe('addFiles', () => {
  it('keeps the accepted files in order and lists the others as refused', () => {
    const chosen = addFiles(
      [file('a.png', 3)],
      [file('b.txt', 2, 'text/plain'), file('c.jpg', 4, 'image/jpeg')],
      IMAGES,
    );
    expect(chosen.files.map((f) => f.name)).toEqual(['a.png', 'c.jpg']);
    expect(chosen.problem).toBeUndefined();
    expect(chosen.refused.map((f) => f.name)).toEqual(['b.txt']);
  });

  it('ignores files beyond the count and says so', () => {
    const chosen = addFiles([file('a.png', 1)], [file('b.png', 1), file('c.png', 1)], { ...IMAGES, maxFiles: 2 });
    expect(chosen.files.map((f) => f.name)).toEqual(['a.png', 'b.png']);
    expect(chosen.problem).toBe('count');
  });

  it('leaves out a file that would go over the total size, keeping smaller ones after it', () => {
    const chosen = addFiles([file('a.png', 6)], [file('big.png', 5), file('small.png', 4)], {
      ...IMAGES,
      maxTotalBytes: 10,
    });
    expect(chosen.files.map((f) => f.name)).toEqual(['a.png', 'small.png']);
    expect(chosen.problem).toBe('size');
  });

  it('accepts exact media types and families', () => {
    expect(isAccepted(file('a.png', 1), ['image/png'])).toBe(true);
    expect(isAccepted(file('a.gif', 1, 'image/gif'), ['image/png'])).toBe(false);
    expect(isAccepted(file('a', 1, ''), ['image/*'])).toBe(false);
    expect(isAccepted(file('a', 1, ''), [])).toBe(true);
  });
});
