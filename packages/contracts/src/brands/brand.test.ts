import { describe, expect, it } from 'vitest';
import {
  deriveBrandPalette,
  findBrandContrastProblem,
  getContrastRatio,
  WCAG_AA_TEXT_CONTRAST,
} from './brand.ts';

describe('getContrastRatio', () => {
  it.each([
    ['#000000', '#ffffff', 21],
    ['#ffffff', '#ffffff', 1],
    // The studio's own buttons: white on indigo-600.
    ['#ffffff', '#4f46e5', 6.29],
    ['#767676', '#ffffff', 4.54],
  ])('%s on %s is %d:1', (first, second, ratio) => {
    expect(getContrastRatio(first, second)).toBeCloseTo(ratio, 2);
    expect(getContrastRatio(second, first)).toBeCloseTo(ratio, 2);
  });
});

describe('deriveBrandPalette', () => {
  it('makes the primary colour shade 600, lighter shades above it and darker below', () => {
    const palette = deriveBrandPalette('#004b87');
    expect(palette[600]).toBe('#004b87');
    const shades = [50, 100, 200, 300, 400, 500, 600, 700, 800, 900] as const;
    const whiteContrast = shades.map((shade) => getContrastRatio('#ffffff', palette[shade]));
    expect(whiteContrast).toEqual([...whiteContrast].sort((a, b) => a - b));
  });
});

describe('findBrandContrastProblem (WCAG AA, 4.5:1)', () => {
  it.each(['#004b87', '#0062b1', '#4f46e5', '#000000'])('accepts %s', (color) => {
    expect(findBrandContrastProblem(color)).toBeUndefined();
  });

  it.each([
    ['#ffc220', 'white text on it has a contrast of 1.62:1; WCAG AA needs 4.5:1'],
    ['#0080ff', 'white text on it has a contrast of 3.80:1; WCAG AA needs 4.5:1'],
    ['#ffffff', 'white text on it has a contrast of 1.00:1; WCAG AA needs 4.5:1'],
  ])('refuses %s', (color, problem) => {
    expect(findBrandContrastProblem(color)).toBe(problem);
    expect(WCAG_AA_TEXT_CONTRAST).toBe(4.5);
  });
});
