import { describe, expect, it } from 'vitest';
import { generateId } from './generate-id';
import { createLastInStack } from './last-in-stack';

describe('last-in stack (spec section 4)', () => {
  it('pushes, reads the top, and removes the most recent match only', () => {
    const stack = createLastInStack<string>();
    expect(stack.top()).toBeUndefined();
    stack.push('a');
    stack.push('b');
    stack.push('a');
    stack.push('c');
    expect(stack.top()).toBe('c');
    expect(stack.remove('a')).toBe(true);
    expect(stack.size).toBe(3);
    stack.remove('c');
    expect(stack.top()).toBe('b');
    stack.remove('b');
    expect(stack.top()).toBe('a');
    expect(stack.remove('z')).toBe(false);
  });

  it('compares with a given equality', () => {
    const stack = createLastInStack<{ id: number }>((x, y) => x.id === y.id);
    stack.push({ id: 1 });
    stack.push({ id: 2 });
    expect(stack.remove({ id: 2 })).toBe(true);
    expect(stack.top()).toEqual({ id: 1 });
  });
});

describe('id generator (spec sections 4 and 9)', () => {
  it('makes 24 lowercase hex characters by default, another length on request, and no two alike', () => {
    const ids = new Set(Array.from({ length: 1000 }, () => generateId()));
    expect(ids.size).toBe(1000);
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{24}$/);
    expect(generateId(7)).toMatch(/^[0-9a-f]{7}$/);
  });
});
